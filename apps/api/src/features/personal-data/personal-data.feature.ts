import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureContext } from '../../feature-context.ts';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import { verifyPassword } from '../../lib/password.ts';
import { registerPersonalDataJobs } from './personal-data.jobs.ts';
import { PersonalDataRepository } from './personal-data.repository.ts';
import { personalDataRoutes } from './personal-data.routes.ts';
import { PersonalDataService } from './personal-data.service.ts';

/** A driver's personal data (Ley 1581): export, account deletion and the purge job. */
export async function registerPersonalData(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'db' | 'clock' | 'jobs' | 'log'> & {
    storage: FileStorage;
    auth: preHandlerAsyncHookHandler;
  },
): Promise<void> {
  const personalData = new PersonalDataService({
    repo: new PersonalDataRepository(deps.db),
    storage: deps.storage,
    clock: deps.clock,
    verifyPassword,
    log: deps.log,
  });
  await registerPersonalDataJobs(deps.jobs, personalData);
  personalDataRoutes(app, { personalData, auth: deps.auth });
}
