import { AccountsRepository } from '../features/accounts/accounts.repository.ts';
import { accountsRoutes } from '../features/accounts/accounts.routes.ts';
import { AccountsService } from '../features/accounts/accounts.service.ts';
import { EmailChangeService } from '../features/accounts/email-change.service.ts';
import { OtpService } from '../features/accounts/otp.service.ts';
import { RequestLimitsRepository } from '../features/accounts/request-limits.repository.ts';
import { registerRequestLimitsJobs } from '../features/accounts/request-limits.jobs.ts';
import { RequestLimiter } from '../features/accounts/request-limits.service.ts';
import { ThrottleService } from '../features/accounts/throttle.service.ts';
import { TokenService } from '../features/accounts/token.service.ts';
import { ProfileRepository } from '../features/profile/profile.repository.ts';
import { profileRoutes } from '../features/profile/profile.routes.ts';
import { ProfileService } from '../features/profile/profile.service.ts';
import { authenticate } from '../http/auth.ts';
import { FileUrlSigner } from '../integrations/files/signed-url.ts';
import type { WiringContext } from './wiring-context.ts';

/**
 * Accounts and the profile: sign-up codes (limited per phone, IP and hour), sign-in with its throttle, tokens,
 * email change, the profile picture; their routes. Answers what other features need: the session check
 * (`auth`), the accounts repository and code service (the console's support actions) and the file URL signer.
 */
export async function wireAccounts(ctx: WiringContext) {
  const { app, config, database, clock, providers, jobs, secret } = ctx;
  const repo = new AccountsRepository(database.db);
  const tokens = new TokenService(repo, clock);
  const limiter = new RequestLimiter(new RequestLimitsRepository(database.db), clock);
  await registerRequestLimitsJobs(jobs, limiter);
  const otp = new OtpService(repo, providers.messenger, clock, secret, limiter, {
    smsHourlyCeiling: config.OTP_HOURLY_SMS_CEILING,
    log: app.log,
  });
  const throttle = new ThrottleService(repo, clock);
  const fileUrls = new FileUrlSigner(secret, config.FILE_URL_TTL_SECONDS);
  const profile = new ProfileService({
    accounts: repo,
    repo: new ProfileRepository(database.db),
    storage: providers.fileStorage,
    signer: fileUrls,
    clock,
    log: app.log,
  });
  const accounts = new AccountsService(
    repo,
    tokens,
    otp,
    throttle,
    providers.social,
    clock,
    profile.pictureUrl,
    limiter,
  );
  const emailChange = new EmailChangeService(repo, otp, providers.messenger, clock, profile.pictureUrl);
  const auth = authenticate(tokens);
  accountsRoutes(app, { accounts, auth });
  profileRoutes(app, { accounts, profile, emailChange, auth });
  return { repo, otp, auth, fileUrls };
}
