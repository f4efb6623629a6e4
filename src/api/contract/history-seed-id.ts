// No zod here: the entry looks for the element before it loads anything else.

/** The `<script type="application/json">` element that carries a page's history seed. */
export const historySeedElementId = 'history-seed';
