import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { lazySchemas } from './vite-lazy-schemas.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const include = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', '*.test.ts'];

/**
 * The test files that replace a module with `vi.mock`. They run in the `web-mocks` project, one fresh module graph
 * per file (isolated); every other file runs in `web`, where the files of a worker share one jsdom and one module
 * graph (`isolate: false`), which is about four times faster: building jsdom and re-importing React for each of
 * ~130 files was most of the suite's time (docs/decisions/120-web-tests-share-a-worker.md).
 */
export const mockingTestFiles: string[] = readdirSync(here, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
  .filter((file) => readFileSync(path.join(here, file), 'utf8').includes('vi.mock('))
  .map((file) => file.split(path.sep).join('/'))
  .sort();

export function webProject(name: 'web' | 'web-mocks') {
  const mocks = name === 'web-mocks';
  return defineProject({
    plugins: [react(), lazySchemas()],
    test: {
      name,
      include: mocks ? mockingTestFiles : include,
      exclude: mocks ? [] : mockingTestFiles,
      isolate: mocks,
      environment: 'jsdom',
      setupFiles: ['./vitest.setup.ts'],
    },
  });
}

export default webProject('web');
