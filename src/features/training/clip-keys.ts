import { identityNumbers } from '../../lib/identity-numbers';

const keys = identityNumbers<File>();

/** A React key for a clip's card: stable for the same File, and carried over to its trim. */
export const clipKey = keys.numberOf;

/** The trimmed clip takes the place of its original: same card, so the focus stays in it. */
export const carryClipKey = keys.carry;
