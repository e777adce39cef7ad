import { describe, expect, it } from 'vitest';
import { lazySchemaDeclarations, makeSchemasLazy } from './vite-lazy-schemas.ts';

const source = [
  "import { z } from 'zod';",
  "import { otherSchema } from './other.ts';",
  'export const MAX = 10;',
  'const idSchema = z.number().int();',
  'export const vehicleSchema = z.object({ id: idSchema, placa: z.string().max(MAX) });',
  'export const ownerSchema = vehicleSchema.extend({ otro: otherSchema });',
  'export const aliasSchema = vehicleSchema;',
  'export const listSchema = (item) => z.array(item);',
  'export let mutableSchema = z.string();',
  'export const plainConstant = z.string();',
  'function inner() { const localSchema = z.string(); return localSchema; }',
  'export const a = 1, pairSchema = z.tuple([z.string(), z.number()]);',
].join('\n');

describe('lazySchemaDeclarations', () => {
  it('finds the module-level const …Schema declarations whose value is a call, and nothing else', () => {
    const found = lazySchemaDeclarations(source).map((init) => source.slice(init.start, init.end));
    expect(found).toEqual([
      'z.number().int()',
      'z.object({ id: idSchema, placa: z.string().max(MAX) })',
      'vehicleSchema.extend({ otro: otherSchema })',
      'z.tuple([z.string(), z.number()])',
    ]);
  });
});

describe('makeSchemasLazy', () => {
  it('wraps each value in the helper, imported once, with a source map', () => {
    const result = makeSchemasLazy(source, '/repo/packages/domain/src/x.contract.ts');
    expect(result).not.toBeNull();
    const code = result?.code ?? '';
    expect(code.match(/import \{ lazySchema as __togoLazySchema \}/g)).toHaveLength(1);
    expect(code).toContain(
      'export const vehicleSchema = /* @__PURE__ */ __togoLazySchema(() => (z.object({ id: idSchema, placa: z.string().max(MAX) })));',
    );
    expect(code).toContain('export const aliasSchema = vehicleSchema;');
    expect(code).toContain('export let mutableSchema = z.string();');
    expect(code).toContain('const localSchema = z.string();');
    expect(result?.map.sources).toEqual(['/repo/packages/domain/src/x.contract.ts']);
  });

  it('leaves a module without schemas untouched', () => {
    expect(makeSchemasLazy('export const MAX = 10;\nexport function f() { return 1; }', 'x.ts')).toBeNull();
  });

  it('keeps the module runnable: each schema is built on first use, from declarations in any order', () => {
    const built: string[] = [];
    const code = makeSchemasLazy(
      [
        'export const laterSchema = build("later", () => earlierSchema.value + 1);',
        'export const earlierSchema = build("earlier", () => 1);',
      ].join('\n'),
      'x.ts',
    )?.code;
    // The module's own import of the helper, replaced by a stand-in that builds on first call.
    const body = (code ?? '').replace(/^import .*\n/, '').replace(/export /g, '');
    const run = new Function(
      '__togoLazySchema',
      'build',
      `${body}\nreturn { laterSchema, earlierSchema };`,
    ) as (
      lazy: (make: () => unknown) => { get value(): unknown },
      build: (name: string, value: () => number) => { value: number },
    ) => { laterSchema: { value: number }; earlierSchema: { value: number } };
    const lazy = (make: () => unknown) => {
      let made: { value: number } | undefined;
      return {
        get value() {
          made ??= make() as { value: number };
          return made.value;
        },
      };
    };
    const mod = run(lazy, (name, value) => {
      built.push(name);
      return { value: value() };
    });
    expect(built).toEqual([]);
    expect(mod.laterSchema.value).toBe(2);
    expect(built).toEqual(['later', 'earlier']);
  });
});
