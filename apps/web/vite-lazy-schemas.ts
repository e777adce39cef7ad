import path from 'node:path';
import MagicString from 'magic-string';
import { normalizePath, parseAst, type Plugin } from 'vite';

/** The domain package's sources, whose schemas the web build makes lazy (docs/decisions/051). */
const DOMAIN_SRC = `${normalizePath(path.resolve(import.meta.dirname, '../../packages/domain/src'))}/`;
/** The web app's own sources: its form and answer schemas (the helper itself excluded). */
const WEB_SRC = `${normalizePath(path.resolve(import.meta.dirname, 'src'))}/`;
const HELPER = normalizePath(path.resolve(import.meta.dirname, 'src/lib/lazy-schema.ts'));
const HELPER_NAME = '__togoLazySchema';

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  id: Node & { name?: string };
  init: Node | null;
}
interface Statement extends Node {
  kind?: string;
  declarations?: Declarator[];
  declaration?: Statement | null;
}

/**
 * The module-level `const …Schema = <a call>` declarations of a module (exported or not): the contracts' zod
 * schemas, by the domain's naming convention. A declaration whose value is not a call (an alias of another schema,
 * a function that makes schemas, a constant) is left as it is.
 */
export function lazySchemaDeclarations(code: string): Node[] {
  const program = parseAst(code) as unknown as { body: Statement[] };
  const inits: Node[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations ?? []) {
      const name = declarator.id.type === 'Identifier' ? declarator.id.name : undefined;
      if (name?.endsWith('Schema') && declarator.init?.type === 'CallExpression') inits.push(declarator.init);
    }
  }
  return inits;
}

/** The module with each schema declaration's value built on first use; null when it declares none. */
export function makeSchemasLazy(
  code: string,
  id: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const inits = lazySchemaDeclarations(code);
  if (inits.length === 0) return null;
  const out = new MagicString(code);
  for (const init of inits) {
    out.appendLeft(init.start, `/* @__PURE__ */ ${HELPER_NAME}(() => (`);
    out.appendRight(init.end, '))');
  }
  out.prepend(`import { lazySchema as ${HELPER_NAME} } from ${JSON.stringify(HELPER)};\n`);
  return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
}

/**
 * Makes the domain's and the web app's own zod schemas lazy in the web app (builds, dev server, unit tests): see
 * src/lib/lazy-schema.ts.
 * It runs after Vite has turned the TypeScript into JavaScript, so it reads plain declarations.
 */
export function lazySchemas(): Plugin {
  return {
    name: 'togo-lazy-schemas',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      const source = file.startsWith(DOMAIN_SRC) || file.startsWith(WEB_SRC);
      if (!source || file === HELPER || !/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) return null;
      return makeSchemasLazy(code, file);
    },
  };
}
