// Minimal typing for the parts of autocannon the benchmarks use (the package ships no types).
declare module 'autocannon' {
  /** One request as autocannon builds it (setupRequest answers a changed copy). */
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  interface RequestTemplate extends RequestParams {
    /** Called before every request of a connection; answers the request to send. */
    setupRequest?: (req: RequestParams, context: Record<string, unknown>) => RequestParams;
  }
  interface Options {
    /** One URL, or several: the connections are spread over them in turn. */
    url: string | string[];
    connections?: number;
    duration?: number;
    amount?: number;
    /**
     * Requests per second from all connections together (each connection gets its share, an integer; fewer
     * connections than the rate are opened when the rate is lower than `connections`).
     */
    overallRate?: number;
    /** Seconds before a request counts as an error (autocannon default 10). */
    timeout?: number;
    method?: string;
    body?: string | Buffer;
    headers?: Record<string, string>;
    /** Requests each connection sends in turn. */
    requests?: RequestTemplate[];
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p99: number; p50: number; average: number };
    non2xx: number;
    errors: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  /** A running benchmark: awaitable for its result, with an event per answer and per failed request. */
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): Instance;
    on(event: 'reqError', listener: (error: Error) => void): Instance;
    stop(): void;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
