/**
 * Compiles the API for production: src/server.ts and the workspace packages it imports into one ES module,
 * apps/api/dist/server.js, run with plain `node` (no tsx at run time). npm packages stay external (resolved
 * from node_modules: native and WASM ones must be). Each module's import.meta.url keeps pointing at its source
 * file, so the migrations (src/db/migrations), seed-data/ and public/ are found where they are in the
 * repository; the fleet parser's worker is bundled here and inlined. docs/decisions/019-production-runtime.md.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { fleetWorkerBuildOptions } from '../src/features/fleet/fleet-parser.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const srcDir = path.join(apiDir, 'src');
const defaultDistDir = path.join(apiDir, 'dist');

/** Bare imports (npm packages) stay external, except the workspace's own TypeScript packages. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@togo/') || args.kind === 'entry-point'
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** import.meta.url of a bundled source file = that file's URL, relative to the bundle in distDir. */
const sourceUrls = (distDir: string): Plugin => ({
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const code = await readFile(args.path, 'utf8');
      if (!code.includes('import.meta.url')) return undefined;
      const relative = path.relative(distDir, args.path).split(path.sep).join('/');
      return {
        contents: code.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
});

/**
 * Writes distDir/server.js (and its source map). distDir must be inside the repository: the bundle's npm
 * imports are resolved from node_modules above it.
 */
export async function buildApi(distDir = defaultDistDir): Promise<string> {
  const worker = await build(
    fleetWorkerBuildOptions(path.join(srcDir, 'features', 'fleet', 'fleet-parse.worker.ts')),
  );
  const workerCode = worker.outputFiles[0]?.text;
  if (!workerCode) throw new Error('the fleet parser worker did not bundle');
  await mkdir(distDir, { recursive: true });
  const outfile = path.join(distDir, 'server.js');
  await build({
    entryPoints: [path.join(srcDir, 'server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalPackages, sourceUrls(distDir)],
    define: { TOGO_PREBUILT_FLEET_WORKER: JSON.stringify(workerCode) },
    // Bundled CommonJS helpers may call require(): give the ES module one.
    banner: {
      js: "import { createRequire as __togoRequire } from 'node:module';\nconst require = __togoRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outfile = await buildApi();
  console.log(`API built: ${path.relative(process.cwd(), outfile)}`);
}
