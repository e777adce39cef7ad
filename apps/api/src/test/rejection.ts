import { expect } from 'vitest';

/** The error `p` rejects with, checked to be an instance of `type` (a fulfilled promise fails the test). */
export async function rejectionOf<E>(
  p: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(type);
  return err as E;
}
