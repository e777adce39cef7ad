import { afterEach, describe, expect, it } from 'vitest';
import { getOperatorToken, setOperatorToken } from './operator-api.ts';
import { shareOperatorSession } from './session-share.ts';

/** Another console tab, seen from this one: the same channel, its own token. */
function otherTab(token: string | null) {
  const channel = new BroadcastChannel('togo-operador-sesion');
  const received: unknown[] = [];
  channel.onmessage = (event: MessageEvent<unknown>) => {
    received.push(event.data);
    if ((event.data as { tipo?: string }).tipo === 'pedir' && token)
      channel.postMessage({ tipo: 'token', token });
  };
  return { channel, received };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

const open: { close: () => void }[] = [];
afterEach(() => {
  for (const o of open.splice(0)) o.close();
  setOperatorToken(null);
});

describe('the console session shared by its tabs (issue 38)', () => {
  it('a tab opened without a token takes the one another tab has', async () => {
    const other = otherTab('tok-otra-pestana');
    open.push(other.channel);
    const share = shareOperatorSession(5_000);
    open.push({ close: share.leave });
    await share.ready;
    expect(getOperatorToken()).toBe('tok-otra-pestana');
  });

  it('with no other tab it goes on without one (the sign-in) after its short wait', async () => {
    const share = shareOperatorSession(20);
    open.push({ close: share.leave });
    await share.ready;
    expect(getOperatorToken()).toBeNull();
  });

  it('answers the other tabs, signs out with them and tells them when it signs out', async () => {
    setOperatorToken('tok-esta');
    const share = shareOperatorSession();
    open.push({ close: share.leave });
    await share.ready;
    const other = otherTab(null);
    open.push(other.channel);
    other.channel.postMessage({ tipo: 'pedir' });
    await until(() => other.received.length > 0);
    expect(other.received).toEqual([{ tipo: 'token', token: 'tok-esta' }]);

    other.channel.postMessage({ tipo: 'salir' });
    await until(() => getOperatorToken() === null);

    setOperatorToken('tok-nueva');
    setOperatorToken(null);
    await until(() => other.received.length > 1);
    expect(other.received.at(-1)).toEqual({ tipo: 'salir' });
  });

  it('never replaces a session it has, and ignores malformed messages', async () => {
    setOperatorToken('tok-propia');
    const share = shareOperatorSession();
    open.push({ close: share.leave });
    const other = otherTab(null);
    open.push(other.channel);
    other.channel.postMessage({ tipo: 'token', token: 'tok-ajena' });
    other.channel.postMessage({ tipo: 'token', token: 'x'.repeat(500) });
    other.channel.postMessage('salir');
    // A request after them is answered: the messages before it were read (and changed nothing).
    other.channel.postMessage({ tipo: 'pedir' });
    await until(() => other.received.length > 0);
    expect(getOperatorToken()).toBe('tok-propia');
  });
});
