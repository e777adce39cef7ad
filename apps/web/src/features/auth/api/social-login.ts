import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, SocialProvider } from '@togo/domain/auth/auth.contract';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/identidad/usuarios/oauth/{google|facebook}/ — the provider's id/access token. */
export function socialLogin({
  provider,
  token,
}: {
  provider: SocialProvider;
  token: string;
}): Promise<LoginResponse> {
  return apiPost<LoginResponse>(`/api/identidad/usuarios/oauth/${provider}/`, { token });
}

export function useSocialLoginMutation() {
  return useMutation({ mutationFn: socialLogin });
}
