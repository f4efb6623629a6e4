import { vi } from 'vitest';

// The files that mock or reload the app's own modules share a worker, and its packages, with
// each other: each starts from a fresh graph of the app's modules, so a module an earlier file
// loaded (without this file's mocks, or with its own) is evaluated again, through this file's
// mocks. Vitest keeps each file's mocks apart, and a file's `vi.mock` drops the module an earlier
// file's mock of the same path made.
vi.resetModules();
