import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from '../lib/theme';
import { disableZodEval } from '../lib/zod-without-eval';
import { App } from './app';
import './styles.css';

// Before any chunk that builds a schema loads.
disableZodEval();
applyTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
