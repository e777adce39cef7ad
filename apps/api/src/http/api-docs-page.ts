import escapeHtml from 'escape-html';

/** The OpenAPI document's parts the page reads (OpenAPI 3.1). */
export interface OpenApiDocumentView {
  openapi: string;
  info: { title: string; version: string };
  paths?: Record<string, Record<string, OperationView | unknown>>;
}

interface OperationView {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: unknown;
  security?: unknown[];
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const PARAM_PLACES: Record<string, string> = {
  path: 'ruta',
  query: 'consulta',
  header: 'encabezado',
  cookie: 'cookie',
};

function parameterList(op: OperationView): string {
  const params = (op.parameters ?? []).map((p) => {
    const place = PARAM_PLACES[p.in] ?? p.in;
    return `<code>${escapeHtml(p.name)}</code> (${place}${p.required ? ', obligatorio' : ''})`;
  });
  return params.length ? params.join(', ') : '—';
}

/**
 * A plain page listing every operation of the document (method, path, parameters, JSON body) with a link to the
 * JSON itself. No script and no style: it is served under the API's `default-src 'none'` CSP (decision 042).
 */
export function renderApiDocsPage(doc: OpenApiDocumentView, jsonUrl: string): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item[method] as OperationView | undefined;
      if (!op) continue;
      rows.push(
        `<tr><td>${method.toUpperCase()}</td><td><code>${escapeHtml(path)}</code></td>` +
          `<td>${parameterList(op)}</td><td>${op.requestBody ? 'JSON' : '—'}</td></tr>`,
      );
    }
  }
  const title = escapeHtml(doc.info.title);
  return [
    '<!doctype html>',
    '<html lang="es">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title></head>`,
    '<body><main>',
    `<h1>${title}</h1>`,
    `<p>Versión ${escapeHtml(doc.info.version)}. Documento OpenAPI ${escapeHtml(doc.openapi)} completo, con los ` +
      `esquemas de cada solicitud: <a href="${escapeHtml(jsonUrl)}">openapi.json</a>.</p>`,
    '<p>Las rutas con sesión piden el encabezado <code>Authorization: Token &lt;clave&gt;</code>.</p>',
    '<table>',
    `<caption>${rows.length} operaciones</caption>`,
    '<thead><tr><th scope="col">Método</th><th scope="col">Ruta</th><th scope="col">Parámetros</th>' +
      '<th scope="col">Cuerpo</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody>`,
    '</table>',
    '</main></body>',
    '</html>',
  ].join('\n');
}
