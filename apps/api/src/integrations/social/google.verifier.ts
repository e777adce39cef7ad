import { createRemoteJWKSet, jwtVerify } from 'jose';
import { SocialTokenError, type SocialProfile, type SocialVerifier } from './social-verifier.ts';

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Google ID tokens: signature against Google's JWKS, issuer, audience (our client id) and expiry. */
export class GoogleVerifier implements SocialVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;
  constructor(
    private readonly clientId: string,
    jwksUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.jwks = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 });
  }

  async verify(token: string): Promise<SocialProfile> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.jwks, {
        issuer: ISSUERS,
        audience: this.clientId,
        currentDate: this.now(),
      }));
    } catch (err) {
      throw new SocialTokenError(`google token rejected: ${(err as Error).message}`);
    }
    if (typeof payload.sub !== 'string' || !payload.sub)
      throw new SocialTokenError('google token without sub');
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      provider: 'google',
      subject: payload.sub,
      email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      firstName: str(payload.given_name) || str(payload.name),
      lastName: str(payload.family_name),
      picture: typeof payload.picture === 'string' ? payload.picture : null,
    };
  }
}
