/**
 * The entry pages' inline script (src/app/page-boot.ts, docs/decisions/047): page-boot.entry.ts and what it imports
 * (app/early-reads.ts) built into one minified classic script, the same for every page (each page's script says
 * what to load in its attributes), so the API allows it by a single hash.
 */
import path from 'node:path';
import { build, type Rolldown } from 'vite';

export async function buildPageBootScript(webRoot: string): Promise<string> {
  const result = await build({
    configFile: false,
    root: webRoot,
    logLevel: 'error',
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      emptyOutDir: false,
      lib: {
        entry: path.join(webRoot, 'src/app/page-boot.entry.ts'),
        formats: ['iife'],
        name: 'togoPageBoot',
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs[0]?.output[0];
  if (!chunk || chunk.type !== 'chunk') throw new Error('page-boot.entry.ts no produjo un script');
  const code = chunk.code.trim();
  // Inlined in <head>: a closing tag inside it would end the script early.
  if (/<\/script/i.test(code) || /<!--/.test(code))
    throw new Error('El script de la página no se puede incrustar');
  return code;
}
