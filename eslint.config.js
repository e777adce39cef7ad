import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { readdirSync } from 'node:fs';

/**
 * Feature boundaries (decision 034): a file of apps/web/src/features/<f> or apps/api/src/features/<f> imports
 * only shared code and files of <f>. Each feature is its own element type, so the rule is a plain list.
 * Tests and their fixtures may use other features' test support.
 */
const featuresOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const apps = { web: featuresOf('./apps/web/src/features/'), api: featuresOf('./apps/api/src/features/') };
/** Cross-feature dependencies judged legitimate (decision 034): fleet vehicles are garage vehicles; the profile
 * edits the accounts' users. Later policies win, so these re-allow what the per-feature rule denies. */
const ALLOWED = [
  ['api:fleet', 'api:garage'],
  ['api:profile', 'api:accounts'],
];
const featureElements = [
  ...Object.entries(apps).flatMap(([app, features]) =>
    features.map((feature) => ({
      type: `${app}:${feature}`,
      pattern: `apps/${app}/src/features/${feature}/**`,
      partialMatch: false,
    })),
  ),
];
const featurePolicies = Object.entries(apps)
  .flatMap(([app, features]) =>
    features.map((feature) => ({
      from: { element: { type: `${app}:${feature}` } },
      disallow: {
        to: {
          element: { types: { anyOf: features.filter((f) => f !== feature).map((f) => `${app}:${f}`) } },
        },
      },
    })),
  )
  .concat(
    ALLOWED.map(([from, to]) => ({
      from: { element: { type: from } },
      allow: { to: { element: { type: to } } },
    })),
  );

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
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/api/src/features/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-support.{ts,tsx}', '**/*.test-fixtures.ts'],
    plugins: { boundaries },
    settings: { 'boundaries/elements': featureElements, 'boundaries/include': ['apps/*/src/**'] },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: featurePolicies }] },
  },
);
