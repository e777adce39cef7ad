import MagicString from 'magic-string';
import { type Plugin } from 'vite';

/**
 * Leaves zod's JSON-Schema conversion out of the web build (docs/decisions/059): `schema.toJSONSchema()`,
 * `z.toJSONSchema()` and `~standard.jsonSchema` throw there, which nothing in the web app calls (the API builds the
 * OpenAPI document from the eager schemas). Zod's classic schemas import that code for those methods, so the bundler
 * cannot drop it on its own: ≈ 15 KB of the entry chunk's minified zod.
 * `aggregateChecks` (the string schemas' `minLength`, `maxLength` and `format` getters) is kept as zod wrote it.
 * A zod upgrade that moves these modules makes the build fail here rather than ship a broken stub.
 */
const CONVERTER = /\/node_modules\/zod\/v4\/core\/to-json-schema\.js$/;
const PROCESSORS = /\/node_modules\/zod\/v4\/core\/json-schema-processors\.js$/;
const KEEP_UNTIL = '\nconst formatMap = {';

function throwing(name: string): string {
  return `export const ${name} = () => { throw new Error("zod: JSON Schema is not in the web build (${name})"); };`;
}

function exportedNames(code: string): string[] {
  return [...code.matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1] ?? '');
}

/** The module with everything from `from` on replaced by `lines`, with its source map. */
function replaced(code: string, id: string, from: number, lines: string[]) {
  const out = new MagicString(code);
  out.overwrite(from, code.length, `\n${lines.join('\n')}\n`);
  return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
}

export function noJsonSchema(): Plugin {
  return {
    name: 'togo-no-json-schema',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (CONVERTER.test(file)) {
        const names = exportedNames(code).filter((name) => !name.startsWith('create'));
        if (!names.includes('processSchema') || !code.includes('export { processSchema as process }')) {
          this.error('zod/v4/core/to-json-schema.js changed: review vite-no-json-schema.ts');
        }
        return replaced(code, file, 0, [
          ...names.map(throwing),
          'export { processSchema as process };',
          // Called when a schema's `~standard` is read (react-hook-form's resolver): they must return a function.
          'export const createToJSONSchemaMethod = () => () => { throw new Error("zod: JSON Schema is not in the web build"); };',
          'export const createStandardJSONSchemaMethod = () => () => { throw new Error("zod: JSON Schema is not in the web build"); };',
        ]);
      }
      if (PROCESSORS.test(file)) {
        const cut = code.indexOf(KEEP_UNTIL);
        if (cut < 0 || !code.slice(0, cut).includes('export function aggregateChecks')) {
          this.error('zod/v4/core/json-schema-processors.js changed: review vite-no-json-schema.ts');
        }
        return replaced(code, file, cut, exportedNames(code.slice(cut)).map(throwing));
      }
      return null;
    },
  };
}
