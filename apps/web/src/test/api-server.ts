import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The network of the web unit tests (MSW, decision 088): every fetch of the code under test reaches this server,
 * which answers from the handlers a test gives with `server.use(…)` (reset after each test). A request no
 * handler answers fails the test that made it (vitest.setup.ts).
 */
export const server = setupServer();

/** What a fixture is checked against: a zod schema of packages/domain (structural, as the clients type it). */
export interface ContractSchema<T> {
  parse(data: unknown): T;
}

/**
 * A 2xx JSON answer whose body is first checked against the domain's schema of that answer: a fixture that drifts
 * from the contract fails the test where it is answered, not as a puzzling screen. The body is sent as given.
 */
export function contractJson<T>(schema: ContractSchema<T>, body: T, init: ResponseInit = {}): Response {
  schema.parse(body);
  return HttpResponse.json(body as never, init);
}

/** A JSON answer as the API sends it (errors, and answers the domain has no schema for). */
export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** An MSW resolver that gives its answers in turn, and the JSON bodies it was sent (see `inTurn`). */
export interface AnswersInTurn {
  (info: { request: Request }): Promise<Response>;
  /** The parsed JSON body of each request answered (undefined for one without a body), in order. */
  bodies: unknown[];
}

/**
 * Answers a handler's requests with `responses` in order, one each (a request past the last fails its test), and
 * records the bodies it was sent: `http.put(path, inTurn(json(200, {})))`, then `expect(put.bodies)`.
 */
export function inTurn(...responses: Response[]): AnswersInTurn {
  const bodies: unknown[] = [];
  const resolver = async ({ request }: { request: Request }) => {
    const text = await request.text();
    bodies.push(text ? (JSON.parse(text) as unknown) : undefined);
    const next = responses.shift();
    if (!next) throw new Error(`Sin más respuestas para ${request.method} ${new URL(request.url).pathname}`);
    return next;
  };
  return Object.assign(resolver, { bodies });
}
