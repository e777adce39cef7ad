/** HTTP calls to a real API process, and waiting on a condition, for tests that run the API as processes. */

export interface HttpAnswer {
  status: number;
  headers: Headers;
  buffer: Buffer;
  text: string;
  json(): unknown;
}

export async function httpCall(
  base: string,
  method: string,
  url: string,
  opts: { headers?: Record<string, string>; json?: unknown; body?: Buffer } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: Buffer | string | undefined = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const res = await fetch(`${base}${url}`, { method, headers, body });
  const buffer = Buffer.from(await res.arrayBuffer());
  const text = buffer.toString('utf8');
  return { status: res.status, headers: res.headers, buffer, text, json: () => JSON.parse(text) as unknown };
}

/** Checks `check` every 250 ms until it answers something, failing after `ms`. */
export async function waitFor<T>(
  what: string,
  ms: number,
  check: () => Promise<T | null | undefined | false>,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
