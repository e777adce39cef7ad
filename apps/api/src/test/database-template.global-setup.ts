import { setupDatabaseTemplate } from './test-db-template.ts';

/** Vitest global setup of the api and e2e projects: the run's template database (test-db-template.ts). */
export default async function setup(): Promise<() => Promise<void>> {
  return setupDatabaseTemplate();
}
