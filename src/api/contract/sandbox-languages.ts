// No zod here: the router checks the Sandbox page's URL with this list in the entry chunk.
export const sandboxLanguages = ['python', 'javascript', 'typescript'] as const;
export type SandboxLanguage = (typeof sandboxLanguages)[number];
