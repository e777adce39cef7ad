import type { FastifyInstance } from 'fastify';
import type { SocialProvider } from '@togo/domain/auth/auth.contract';
import type { FeatureContext } from '../../feature-context.ts';
import { authenticate } from '../../http/auth.ts';
import type { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { SocialVerifier } from '../../integrations/social/social-verifier.ts';
import { AccountsRepository } from './accounts.repository.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { AccountsService } from './accounts.service.ts';
import { EmailChangeService } from './email-change.service.ts';
import { OtpService } from './otp.service.ts';
import { RequestLimitsRepository } from './request-limits.repository.ts';
import { registerRequestLimitsJobs } from './request-limits.jobs.ts';
import { RequestLimiter } from './request-limits.service.ts';
import { SupportCodeService } from './support-code.service.ts';
import { ThrottleService } from './throttle.service.ts';
import { TokenService } from '../../http/session-tokens.ts';

/**
 * Accounts: sign-up codes (limited per phone, IP and hour), sign-in with its throttle, social sign-in, tokens,
 * the email change; their routes and the request limits' purge job. Answers what other features need: the
 * session check (`auth`), the accounts' objects the profile edits, the code flow of the console's support
 * action 'reenviar código' and the sign-in throttle (the console's sign-in, decision 065).
 */
export async function registerAccounts(
  app: FastifyInstance,
  deps: Pick<FeatureContext, 'config' | 'db' | 'clock' | 'jobs' | 'log' | 'secret'> & {
    messenger: Messenger;
    social: Partial<Record<SocialProvider, SocialVerifier>>;
    /** Signs uploaded profile pictures' URLs (the user's answers carry them). */
    fileUrls: FileUrlSigner;
  },
) {
  const { config, db, clock, jobs, secret } = deps;
  const repo = new AccountsRepository(db);
  const tokens = new TokenService(repo, clock);
  const limiter = new RequestLimiter(new RequestLimitsRepository(db), clock);
  await registerRequestLimitsJobs(jobs, limiter);
  const otp = new OtpService(repo, deps.messenger, clock, secret, limiter, {
    smsHourlyCeiling: config.OTP_HOURLY_SMS_CEILING,
    log: deps.log,
  });
  const pictureUrl = (fileId: string): string => deps.fileUrls.url(fileId, null, clock.now());
  const throttle = new ThrottleService(repo, clock);
  const accounts = new AccountsService(repo, tokens, otp, throttle, deps.social, clock, pictureUrl, limiter);
  const emailChange = new EmailChangeService(repo, otp, deps.messenger, clock, limiter, pictureUrl);
  const auth = authenticate(tokens);
  accountsRoutes(app, { accounts, auth });
  return {
    auth,
    repo,
    accounts,
    emailChange,
    supportCodes: new SupportCodeService(repo, otp),
    throttle,
    /** The shared request limits (the organisation's invitations count in them). */
    limiter,
  };
}
