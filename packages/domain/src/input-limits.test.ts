import { describe, expect, it } from 'vitest';
import { findNul, INPUT_MSG } from './input-limits.ts';

describe('findNul', () => {
  it('names every field with a NUL, nested ones by their path, keys at their parent', () => {
    const issues = findNul({ a: 'ok', b: ['x', 'y\u0000'], c: { d: 'z\u0000' }, ['k\u0000']: 1 });
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: ['b', 1], message: INPUT_MSG.invalidCharacters },
        { path: ['c', 'd'], message: INPUT_MSG.invalidCharacters },
        { path: ['non_field_errors'], message: INPUT_MSG.invalidCharacters },
      ]),
    );
    expect(issues).toHaveLength(3);
  });

  it('walks 100,000 nested levels without overflowing the call stack (issue 35, finding 3)', () => {
    let value: unknown = 'fondo\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    const issues = findNul({ email: value });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toHaveLength(100_001);
  });

  it('stops after 50 issues', () => {
    expect(findNul(Array.from({ length: 80 }, () => '\u0000'))).toHaveLength(50);
  });
});
