import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';
import { lazySchemas } from './vite-lazy-schemas.ts';
import { PREACT_INLINE_PATHS, preactCompat, reactJsx } from './vite.shared.ts';

const require = createRequire(import.meta.url);

export default defineProject({
  plugins: [reactJsx(), preactCompat(), lazySchemas()],
  resolve: {
    // The ES modules of the testing library and of React Router (their CommonJS files, which Node's conditions
    // pick, would `require` React itself, past the aliases).
    alias: [
      {
        find: /^react-router$/,
        replacement: require.resolve('react-router').replace(/index\.js$/, 'index.mjs'),
      },
      {
        find: /^@testing-library\/react$/,
        replacement: require
          .resolve('@testing-library/react')
          .replace(/index\.js$/, '@testing-library/react.esm.js'),
      },
    ],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', '*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    server: { deps: { inline: PREACT_INLINE_PATHS } },
  },
});
