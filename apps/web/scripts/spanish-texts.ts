/**
 * Spanish texts checker (issue 36, decision 093): reads every string literal, template and JSX text of the
 * driver-facing sources with the TypeScript compiler and reports words missing their accent, "Soat"/"Iva" written
 * in the wrong case, and a closing ! or ? without its opening ¡ or ¿ in the same sentence.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Words that are always written with an accent in Spanish, keyed by their unaccented spelling. */
const ACCENTED: Record<string, string> = {
  invalido: 'inválido',
  invalidos: 'inválidos',
  invalidas: 'inválidas',
  direccion: 'dirección',
  estara: 'estará',
  estaran: 'estarán',
  proximamente: 'próximamente',
  poliza: 'póliza',
  polizas: 'pólizas',
  dia: 'día',
  dias: 'días',
  informacion: 'información',
  vehiculo: 'vehículo',
  vehiculos: 'vehículos',
  numero: 'número',
  numeros: 'números',
  telefono: 'teléfono',
  telefonos: 'teléfonos',
  codigo: 'código',
  codigos: 'códigos',
  electronico: 'electrónico',
  electronica: 'electrónica',
  pagina: 'página',
  paginas: 'páginas',
  tecnico: 'técnico',
  tecnica: 'técnica',
  tecnicomecanica: 'técnico-mecánica',
  mecanica: 'mecánica',
  revision: 'revisión',
  contrasena: 'contraseña',
  contrasenas: 'contraseñas',
  sesion: 'sesión',
  ubicacion: 'ubicación',
  notificacion: 'notificación',
  configuracion: 'configuración',
  funcion: 'función',
  operacion: 'operación',
  verificacion: 'verificación',
  autenticacion: 'autenticación',
  identificacion: 'identificación',
  conduccion: 'conducción',
  renovacion: 'renovación',
  expedicion: 'expedición',
  inscripcion: 'inscripción',
  opcion: 'opción',
  accion: 'acción',
  ultimo: 'último',
  ultima: 'última',
  ultimos: 'últimos',
  ultimas: 'últimas',
  maximo: 'máximo',
  maxima: 'máxima',
  minimo: 'mínimo',
  minima: 'mínima',
  validos: 'válidos',
  validas: 'válidas',
  aqui: 'aquí',
  alli: 'allí',
  tambien: 'también',
  despues: 'después',
  ademas: 'además',
  mas: 'más',
  podras: 'podrás',
  podra: 'podrá',
  tendras: 'tendrás',
  recibiras: 'recibirás',
  deberas: 'deberás',
  sera: 'será',
  seran: 'serán',
  habra: 'habrá',
  intentalo: 'inténtalo',
  vuelvelo: 'vuélvelo',
  agregalo: 'agrégalo',
  renuevalo: 'renuévalo',
  renuevala: 'renuévala',
  facil: 'fácil',
  rapido: 'rápido',
  util: 'útil',
  movil: 'móvil',
  transito: 'tránsito',
  transitos: 'tránsitos',
  transaccion: 'transacción',
  razon: 'razón',
  credito: 'crédito',
  debito: 'débito',
  categoria: 'categoría',
  categorias: 'categorías',
  garantia: 'garantía',
  compania: 'compañía',
  companias: 'compañías',
  ano: 'año',
  anos: 'años',
  electrica: 'eléctrica',
  pais: 'país',
  busqueda: 'búsqueda',
  politica: 'política',
  politicas: 'políticas',
  terminos: 'términos',
  metodo: 'método',
  caracter: 'carácter',
  region: 'región',
  botiquin: 'botiquín',
  camion: 'camión',
  reparacion: 'reparación',
  reprogramacion: 'reprogramación',
  cancelacion: 'cancelación',
  confirmacion: 'confirmación',
  aplicacion: 'aplicación',
  condicion: 'condición',
  proximo: 'próximo',
  proxima: 'próxima',
  proximos: 'próximos',
  proximas: 'próximas',
  todavia: 'todavía',
  ocurrio: 'ocurrió',
  podria: 'podría',
  podrias: 'podrías',
  deberia: 'debería',
  tendria: 'tendría',
  tendrias: 'tendrías',
  gestion: 'gestión',
  enviale: 'envíale',
};

/** Acronyms written in capitals; "esta", "aun", "valida" or "envio" are left out: both spellings exist. */
const CASE_WORDS: Record<string, string> = {
  soat: 'SOAT',
  iva: 'IVA',
  rtm: 'RTM',
  runt: 'RUNT',
  simit: 'SIMIT',
};

/** Whole strings allowed to break the punctuation rule (brand names, quoted examples). */
const PUNCTUATION_ALLOWED = new Set<string>([]);

export type Finding = { file: string; line: number; text: string; problem: string };

const WORDS = new Map(Object.entries(ACCENTED));

/** Attributes whose values are never shown (CSS classes, routes, ids, test hooks). */
const CODE_ATTRIBUTES = new Set([
  'className',
  'href',
  'to',
  'id',
  'key',
  'type',
  'name',
  'htmlFor',
  'autoComplete',
  'inputMode',
  'role',
  'src',
  'rel',
  'target',
  'method',
  'pattern',
  'lang',
  'd',
  'viewBox',
  'fill',
  'stroke',
  'variant',
  'tone',
  'icon',
  'size',
  'as',
  'mode',
]);

/** Calls whose string arguments are never shown to a driver (logs, SQL, DOM queries, env names). */
const CODE_CALLEES =
  /(^|\.)(log|info|warn|debug|trace|error|fatal|child|sql|raw|query|execute|getItem|setItem|removeItem|querySelector|querySelectorAll|getElementById|addEventListener|removeEventListener|matchMedia|require|import|get|set|has|delete|header|setHeader|getHeader|register|route|register|post|put|patch|test|describe|it)$/;

/** A string is Spanish prose worth checking when it has a space between words or reads like a label. */
function looksLikeText(text: string): boolean {
  const t = text.trim();
  if (t.length < 2) return false;
  if (/^[\w.\-/:#?=&%@*+,[\]{}()$|^\\<>]*$/.test(t) && !/^[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+$/.test(t)) return false;
  if (/^(select|insert|update|delete|with|create|alter|drop)\b/i.test(t)) return false;
  if (/^[a-z-]+(:[a-z-]+)?( [a-z0-9:/[\]-]+)+$/.test(t) && /-/.test(t)) return false; // CSS class lists
  return /\p{L}/u.test(t);
}

function wordTokens(text: string): string[] {
  return (
    text
      .split(/\s+/)
      // Paths, codes, e-mail addresses and quoted values ("soat") are not words of the sentence.
      .filter((chunk) => !/[/_=@\\]|https?:|\.\w+\.|\w\.\w|^["'`«].*["'`»][.,:;)]?$/.test(chunk))
      .flatMap((chunk) => chunk.split(/[^\p{L}]+/u))
      .filter(Boolean)
  );
}

/** Problems of one Spanish text (exported for the fixture test). */
export function textProblems(text: string): string[] {
  const problems: string[] = [];
  for (const word of wordTokens(text)) {
    const lower = word.toLowerCase();
    const accented = WORDS.get(lower);
    if (accented) problems.push(`"${word}" sin tilde: ${accented}`);
    const upper = CASE_WORDS[lower];
    if (upper && word !== upper) problems.push(`"${word}": se escribe ${upper}`);
  }
  if (!PUNCTUATION_ALLOWED.has(text.trim())) {
    for (const [close, open] of [
      ['!', '¡'],
      ['?', '¿'],
    ] as const) {
      let start = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '.' || c === '\n' || c === '!' || c === '?') {
          if (c === close && !isQueryMark(text, i)) {
            const sentence = text.slice(start, i);
            if (!sentence.includes(open)) problems.push(`"${close}" sin "${open}" de apertura`);
          }
          start = i + 1;
        }
      }
    }
  }
  return problems;
}

/** "?" inside a URL ("/x?y=1") or a "!" of code ("!=") is not punctuation. */
function isQueryMark(text: string, i: number): boolean {
  const next = text[i + 1] ?? '';
  const prev = text[i - 1] ?? '';
  return /[\w=$&{-]/.test(next) || prev === '' || /[\s(<]/.test(prev);
}

function isCodeContext(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isImportTypeNode(parent))
    return true;
  if (ts.isExternalModuleReference(parent) || ts.isLiteralTypeNode(parent)) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node)
    return true;
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return true;
  if (ts.isBinaryExpression(parent) && /^(===|!==|==|!=|in)$/.test(parent.operatorToken.getText()))
    return true;
  if (ts.isCaseClause(parent) || ts.isTaggedTemplateExpression(parent)) return true;
  if (ts.isJsxAttribute(parent) && CODE_ATTRIBUTES.has(parent.name.getText())) return true;
  if (ts.isJsxAttribute(parent) && /^(data-|on)/.test(parent.name.getText())) return true;
  if (ts.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression)) {
    return CODE_CALLEES.test(parent.expression.getText());
  }
  // A plain Error is a programming error, logged and never shown; user-facing errors use the app's error type.
  if (ts.isNewExpression(parent) && /^(Error|TypeError|RangeError)$/.test(parent.expression.getText()))
    return true;
  if (ts.isJsxExpression(parent)) return isCodeContext(parent);
  return false;
}

function templateText(node: ts.TemplateExpression): string {
  return node.head.text + node.templateSpans.map((span) => `{x}${span.literal.text}`).join('');
}

/** The Spanish texts of one source file, with their line numbers. */
export function sourceTexts(fileName: string, source: string): { line: number; text: string }[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const texts: { line: number; text: string }[] = [];
  const add = (node: ts.Node, text: string) => {
    if (!looksLikeText(text) || isCodeContext(node)) return;
    texts.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateExpression(node)) add(node, templateText(node));
    else if (ts.isJsxText(node)) add(node, node.text.replace(/\s+/g, ' '));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory())
      return entry === 'test' || entry === 'node_modules' ? [] : sourceFiles(path);
    const shown = /\.tsx?$/.test(entry) && !/\.(test|int\.test|test-support|d)\.tsx?$/.test(entry);
    return shown && !entry.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every problem in the given source folders, with paths relative to `root`. */
export function findProblems(root: string, dirs: readonly string[]): Finding[] {
  return dirs.flatMap((dir) =>
    sourceFiles(join(root, dir)).flatMap((path) =>
      sourceTexts(path, readFileSync(path, 'utf8')).flatMap(({ line, text }) =>
        textProblems(text).map((problem) => ({ file: relative(root, path), line, text, problem })),
      ),
    ),
  );
}
