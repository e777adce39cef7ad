// Minimal typing for the parts of autocannon the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    /** Seconds before a request counts as an error (autocannon default 10). */
    timeout?: number;
    method?: string;
    body?: string | Buffer;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p99: number; p50: number; average: number };
    non2xx: number;
    errors: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
