import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable', () => {
  it('knows a connection refused, reset or lost, and the server shutting down or starting', () => {
    for (const err of [
      wrapped(coded('ECONNREFUSED')),
      wrapped(coded('ECONNRESET')),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
      wrapped(coded('57P01', 'terminating connection due to administrator command')),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      wrapped(new AggregateError([coded('ECONNREFUSED')], '')),
    ]) {
      expect(isDatabaseUnavailable(err), String((err as Error).message)).toBe(true);
    }
  });

  it('leaves every other error alone (a constraint, a deadlock, a bug)', () => {
    for (const err of [
      wrapped(coded('23505', 'duplicate key value violates unique constraint')),
      coded('40P01'),
      new TypeError('x is undefined'),
      null,
      'text',
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
  });
});
