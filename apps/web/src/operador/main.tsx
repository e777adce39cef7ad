import '../lib/zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getOperatorToken } from './lib/operator-api.ts';
import { shareOperatorSession } from './lib/session-share.ts';
import { startConsoleReads } from './shell/early-reads.ts';
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

// A tab with a session asks at once who is signed in, the opened screen's chunk and its first reads.
startConsoleReads(window.location.pathname, getOperatorToken());

// A tab opened without a session first asks the console's other tabs for theirs (a link opened in a new tab).
// A transition: React draws the console in slices of a few milliseconds, yielding between them, instead of one
// long task (decision 134, as the drivers' app: decision 124); the page's loader stays on screen meanwhile.
void shareOperatorSession().ready.then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <OperatorApp />
      </StrictMode>,
    ),
  );
});
