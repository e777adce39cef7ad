import { z } from 'zod';
import { SocialTokenError, type SocialProfile, type SocialVerifier } from './social-verifier.ts';

const debugTokenSchema = z.object({
  data: z.object({
    app_id: z.string(),
    is_valid: z.boolean(),
    user_id: z.string().optional(),
    expires_at: z.number().optional(),
  }),
});

const meSchema = z.object({
  id: z.string(),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  name: z.string().optional(),
  picture: z
    .object({ data: z.object({ url: z.string() }).partial() })
    .partial()
    .optional(),
});

/**
 * Facebook access tokens, checked with Graph `debug_token` using our app token (app id|secret):
 * valid, issued for our app, not expired; then the profile fields the product asks for.
 * Neither debug_token nor /me says whether the email is verified (Graph omits unconfirmed addresses, but
 * gives no flag and has not always held to it), so a Facebook email is reported unverified: it never links
 * an existing account and never becomes a new account's email (decision 017).
 */
export class FacebookVerifier implements SocialVerifier {
  constructor(
    private readonly appId: string,
    private readonly appSecret: string,
    private readonly graphUrl: string,
    private readonly apiVersion: string,
    private readonly now: () => Date = () => new Date(),
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(path, this.graphUrl.endsWith('/') ? this.graphUrl : `${this.graphUrl}/`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new SocialTokenError(`facebook graph answered ${res.status}`);
    return res.json();
  }

  async verify(token: string): Promise<SocialProfile> {
    const debug = debugTokenSchema.safeParse(
      await this.get(`${this.apiVersion}/debug_token`, {
        input_token: token,
        access_token: `${this.appId}|${this.appSecret}`,
      }),
    );
    if (!debug.success) throw new SocialTokenError('facebook debug_token: unexpected answer');
    const d = debug.data.data;
    if (!d.is_valid || d.app_id !== this.appId || !d.user_id)
      throw new SocialTokenError('facebook token invalid');
    if (d.expires_at && d.expires_at * 1000 < this.now().getTime())
      throw new SocialTokenError('facebook token expired');
    const me = meSchema.safeParse(
      await this.get(`${this.apiVersion}/me`, {
        fields: 'id,name,email,picture,first_name,last_name',
        access_token: token,
      }),
    );
    if (!me.success || me.data.id !== d.user_id) throw new SocialTokenError('facebook profile mismatch');
    return {
      provider: 'facebook',
      subject: me.data.id,
      email: me.data.email?.toLowerCase() ?? null,
      emailVerified: false,
      firstName: me.data.first_name ?? me.data.name ?? '',
      lastName: me.data.last_name ?? '',
      picture: me.data.picture?.data?.url ?? null,
    };
  }
}
