import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/*
 * The contract's schemas are written with zod/mini: its functions are each imported on their
 * own, so a bundle carries only those the schemas use (no method layer, no JSON Schema
 * conversion). zod/mini loads no locale, and its messages would all read "Invalid input":
 * English is set here once, so every module that uses the contract gets the same messages as
 * with zod's classic API ("Invalid input: expected string, received number").
 */
z.config(en());

export { z };
