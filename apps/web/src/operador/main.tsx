import '../lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { shareOperatorSession } from './lib/session-share.ts';
import OperatorApp from './shell/OperatorApp.tsx';
import '../components/styles.css';
import './operador.css';

/**
 * The operator console's entry (operador.html, built on its own by vite.operador.config.ts into /operador,
 * docs/decisions/029): the drivers' bundle is the same with or without it. No service worker: the console is
 * online-only and its answers are never cached.
 */
const container = document.getElementById('root');
if (!container) throw new Error('No se encontró el elemento #root');

// A tab opened without a session first asks the console's other tabs for theirs (a link opened in a new tab).
void shareOperatorSession().ready.then(() =>
  createRoot(container).render(
    <StrictMode>
      <OperatorApp />
    </StrictMode>,
  ),
);
