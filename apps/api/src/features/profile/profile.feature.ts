import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FeatureContext } from '../../feature-context.ts';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { EmailChangeService } from '../accounts/email-change.service.ts';
import { ProfileRepository } from './profile.repository.ts';
import { profileRoutes } from './profile.routes.ts';
import { ProfileService } from './profile.service.ts';

/** The profile (PATCH users-admin-manager): email, names, picture and user type of the accounts' users. */
export function registerProfile(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'db' | 'clock' | 'log'> & {
    storage: FileStorage;
    fileUrls: FileUrlSigner;
    auth: preHandlerAsyncHookHandler;
    accounts: { repo: AccountsRepository; accounts: AccountsService; emailChange: EmailChangeService };
  },
): void {
  const profile = new ProfileService({
    accounts: deps.accounts.repo,
    repo: new ProfileRepository(deps.db),
    storage: deps.storage,
    signer: deps.fileUrls,
    clock: deps.clock,
    log: deps.log,
  });
  profileRoutes(app, {
    accounts: deps.accounts.accounts,
    profile,
    emailChange: deps.accounts.emailChange,
    auth: deps.auth,
  });
}
