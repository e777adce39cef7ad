/** What a social provider vouches for after its token is verified. */
export interface SocialProfile {
  provider: 'google' | 'facebook';
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  picture: string | null;
}

export interface SocialVerifier {
  /** Throws SocialTokenError when the token is not valid for this application. */
  verify(token: string): Promise<SocialProfile>;
}

export class SocialTokenError extends Error {}
