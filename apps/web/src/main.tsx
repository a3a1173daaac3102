import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Thai-capable font (Sarabun), the weights the site uses.
import '@fontsource/sarabun/400.css';
import '@fontsource/sarabun/600.css';
import '@fontsource/sarabun/700.css';
import './styles/index.css';
import './i18n/i18n';
import { applyTheme, readStoredTheme } from './lib/theme';
import { local } from './lib/storage';
import { App } from './app/app';

// index.html already set data-theme before first paint; this keeps it right if that script was blocked.
applyTheme(readStoredTheme(local));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
