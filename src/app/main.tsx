import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from '../lib/theme';
import { disableZodEval } from '../lib/zod-without-eval';
import { App } from './app';
import './styles.css';

// Before any chunk that builds a schema loads.
disableZodEval();
applyTheme();

/**
 * Resolves once the browser has painted the shell in index.html (the frame and the page's
 * heading), or soon in a background tab, where frames wait until the tab is shown.
 */
function afterShellPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 100);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
void afterShellPaint().then(() =>
  // A transition: React renders the first page in slices, so a slow phone's main thread is
  // never blocked for the whole render and a tap on the shell is answered in between.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
