import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema } from '@togo/domain/auth/auth.contract';
import type { LoginResponse, SocialProvider } from '@togo/domain/auth/auth.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** POST /api/identidad/usuarios/oauth/{google|facebook}/ — the provider's id/access token. */
export function socialLogin({
  provider,
  token,
}: {
  provider: SocialProvider;
  token: string;
}): Promise<LoginResponse> {
  return apiParse(loginResponseSchema, `/api/identidad/usuarios/oauth/${provider}/`, {
    method: 'POST',
    body: { token },
  });
}

export function useSocialLoginMutation() {
  return useMutation({ mutationFn: socialLogin });
}
