import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default; a busy 2-core CI machine can take longer to render.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Files of pure logic run in Node (`@vitest-environment node`), which has no storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
