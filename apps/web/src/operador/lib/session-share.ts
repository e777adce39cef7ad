import { getOperatorToken, setOperatorToken, subscribeOperatorToken } from './operator-api.ts';

/**
 * The console's session shared by its open tabs (issue 38: a second tab opened from a link asked to sign in again).
 * The staff token stays in each tab's sessionStorage (closing every tab still ends it); a tab opened without one
 * asks the others over a same-origin BroadcastChannel and takes the answer, and signing out (or a 401) in one tab
 * signs out all of them.
 */
const CHANNEL = 'togo-operador-sesion';

type Message = { tipo: 'pedir' } | { tipo: 'token'; token: string } | { tipo: 'salir' };

/** How long a tab without a token waits for another tab's answer before showing the sign-in. */
export const SHARE_WAIT_MS = 250;

function isMessage(data: unknown): data is Message {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as { tipo?: unknown; token?: unknown };
  if (m.tipo === 'pedir' || m.tipo === 'salir') return true;
  return m.tipo === 'token' && typeof m.token === 'string' && m.token.length > 0 && m.token.length <= 200;
}

/**
 * Joins the other tabs: answers their requests, follows their sign-outs, tells them ours. Resolves once this tab
 * has a token from another one, or after `waitMs` when none answered (or it already had one). Returns the leave.
 */
export function shareOperatorSession(waitMs = SHARE_WAIT_MS): { ready: Promise<void>; leave: () => void } {
  if (typeof BroadcastChannel === 'undefined') return { ready: Promise.resolve(), leave: () => undefined };
  const channel = new BroadcastChannel(CHANNEL);
  let asking = getOperatorToken() === null;
  let answered: () => void = () => undefined;
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data;
    if (!isMessage(message)) return;
    if (message.tipo === 'pedir') {
      const token = getOperatorToken();
      if (token) channel.postMessage({ tipo: 'token', token } satisfies Message);
    } else if (message.tipo === 'token') {
      // Only the answer to this tab's own request: a tab signed in as someone else is not replaced.
      if (asking && getOperatorToken() === null) setOperatorToken(message.token);
      asking = false;
      answered();
    } else {
      setOperatorToken(null);
    }
  };
  const unsubscribe = subscribeOperatorToken(() => {
    if (getOperatorToken() === null) channel.postMessage({ tipo: 'salir' } satisfies Message);
  });
  const ready = asking
    ? new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          asking = false;
          resolve();
        }, waitMs);
        answered = () => {
          clearTimeout(timer);
          resolve();
        };
        channel.postMessage({ tipo: 'pedir' } satisfies Message);
      })
    : Promise.resolve();
  return {
    ready,
    leave: () => {
      unsubscribe();
      channel.close();
    },
  };
}
