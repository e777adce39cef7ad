import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The run's template database for the api and e2e projects (docs/decisions/121). */
const databaseTemplateSetup = fileURLToPath(
  new URL('./apps/api/src/test/database-template.global-setup.ts', import.meta.url),
);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: [databaseTemplateSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.mocks.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: [databaseTemplateSetup],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
