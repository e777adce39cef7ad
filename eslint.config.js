import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { readdirSync } from 'node:fs';

/**
 * Layers (decision 034, made strict by decision 097): on each side, shared code → features → app. A file imports its
 * own element and the layers below it, nothing else (the rule's default is to disallow):
 * - API: shared is everything in apps/api/src but `features/`, `app.ts` and `server.ts` (http, lib, db, jobs,
 *   integrations, config…); each `features/<f>` is one feature; `app.ts` and `server.ts` are the app.
 * - Drivers' web app: `components/`, `lib/` and `test/` are shared; each `features/<f>` is one feature; `app/` and
 *   the service worker (`sw/`) are the app.
 * - Console (`operador/`): it may use the web's shared code too; its `components/` and `lib/` are its own shared
 *   code; `auth/` and each `screens/<s>` are its features; `shell/`, `main.tsx` and `screens.ts` are its app.
 * Tests and their fixtures may use other features' test support (they are not checked).
 */
const featuresOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const features = {
  api: featuresOf('./apps/api/src/features/').map((f) => [f, `apps/api/src/features/${f}`]),
  web: featuresOf('./apps/web/src/features/').map((f) => [f, `apps/web/src/features/${f}`]),
  console: [
    ['auth', 'apps/web/src/operador/auth'],
    ...featuresOf('./apps/web/src/operador/screens/').map((s) => [s, `apps/web/src/operador/screens/${s}`]),
  ],
};
/** Cross-feature dependencies judged legitimate (decision 034): fleet vehicles are garage vehicles; the profile
 * edits the accounts' users. */
const ALLOWED = [
  ['api:fleet', 'api:garage'],
  ['api:profile', 'api:accounts'],
];
/** A folder element: its files and subfolders. */
const folder = (type, pattern) => ({ type, pattern, partialMatch: false });
const layerElements = [
  ...features.api.map(([f, dir]) => folder(`api:${f}`, dir)),
  folder('api:shared', 'apps/api/src'),
  ...features.web.map(([f, dir]) => folder(`web:${f}`, dir)),
  ...features.console.map(([s, dir]) => folder(`console:${s}`, dir)),
  folder('console:shared', 'apps/web/src/operador/{components,lib}'),
  folder('console:app', 'apps/web/src/operador/shell'),
  folder('console:app', 'apps/web/src/operador'),
  folder('web:shared', 'apps/web/src/{components,lib}'),
  folder('web:app', 'apps/web/src/{app,sw}'),
];
/** The API's root files that wire the features (the rest of its root, config and providers, is shared code). */
const appFiles = [{ category: 'app', pattern: 'apps/api/src/{app,server}.ts' }];
const allow = (from, to) => ({
  from: { element: { types: { anyOf: from } } },
  allow: { to: { element: { types: { anyOf: to } } } },
});
const featureTypes = (side) => features[side].map(([f]) => `${side}:${f}`);
const layerPolicies = [
  allow(['api:shared'], ['api:shared']),
  ...featureTypes('api').map((f) => allow([f], [f, 'api:shared'])),
  allow(['web:shared'], ['web:shared']),
  ...featureTypes('web').map((f) => allow([f], [f, 'web:shared'])),
  allow(['web:app'], ['web:app', 'web:shared', ...featureTypes('web')]),
  allow(['console:shared'], ['console:shared', 'web:shared']),
  ...featureTypes('console').map((f) => allow([f], [f, 'console:shared', 'web:shared'])),
  allow(['console:app'], ['console:app', 'console:shared', 'web:shared', ...featureTypes('console')]),
  ...ALLOWED.map(([from, to]) => allow([from], [to])),
  // Later policies win: nothing imports app.ts or server.ts but themselves, and they import the features.
  { disallow: { to: { file: { categories: 'app' } } } },
  {
    from: { file: { categories: 'app' } },
    allow: { to: { element: { types: { anyOf: ['api:shared', ...featureTypes('api')] } } } },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/src/db/migrations/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['eslint.config.js', 'vitest.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.test-support.{ts,tsx}',
      '**/*.test-fixtures.ts',
      '**/test-support.ts',
      'apps/*/src/test/**',
      'apps/web/src/operador/test/**',
    ],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': layerElements,
      'boundaries/files': appFiles,
      'boundaries/include': ['apps/*/src/**'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'disallow', checkInternals: true, policies: layerPolicies },
      ],
    },
  },
);
