import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { noJsonSchema } from './vite-no-json-schema.ts';

const zodCore = path.join(
  path.dirname(createRequire(import.meta.url).resolve('zod/package.json')),
  'v4/core',
);

function transform(file: string): string {
  const plugin = noJsonSchema();
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const id = path.join(zodCore, file);
  return hook.call(context, readFileSync(id, 'utf8'), id)?.code ?? '';
}

const exportsOf = (code: string) =>
  [...code.matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1]).sort();

describe('noJsonSchema', () => {
  it('keeps every export of zod’s JSON-Schema modules, and aggregateChecks as zod wrote it', () => {
    for (const file of ['to-json-schema.js', 'json-schema-processors.js']) {
      const original = readFileSync(path.join(zodCore, file), 'utf8');
      expect(exportsOf(transform(file))).toEqual(exportsOf(original));
    }
    const processors = transform('json-schema-processors.js');
    expect(processors).toContain('export function aggregateChecks(schema) {');
    expect(processors).not.toContain('extractDefs(');
    expect(transform('to-json-schema.js')).toContain('export { processSchema as process };');
  });

  it('leaves other modules alone', () => {
    const plugin = noJsonSchema();
    const hook = plugin.transform as (code: string, id: string) => unknown;
    expect(hook('export const a = 1;', '/x/src/a.ts')).toBeNull();
  });
});
