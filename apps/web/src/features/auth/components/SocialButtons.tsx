import { useEffect, useRef, useState } from 'react';
import type { SocialProvider } from '@togo/domain/auth/auth.contract';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { DEFAULT_FACEBOOK_API_VERSION, usePublicConfig } from '../../../lib/public-config.ts';
import { facebookAccessToken, loadFacebook, mountGoogleButton } from './social-sdk.ts';

const PROVIDER_ID: Record<SocialProvider, string> = { google: 'GOOGLE', facebook: 'FACEBOOK' };
const PROVIDER_NAME: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

export const providerFailedMessage = (provider: SocialProvider) =>
  `Error autenticando con ${PROVIDER_ID[provider]}. Por favor, intente de nuevo.`;
export const providerNotConfiguredMessage = (provider: SocialProvider) =>
  `El inicio de sesión con ${PROVIDER_NAME[provider]} no está configurado.`;

export interface SocialButtonsProps {
  /** Called with the provider's token (Google id token, Facebook access token). */
  onToken: (provider: SocialProvider, token: string) => void;
  disabled?: boolean;
}

/**
 * Google and Facebook sign-in. Without a configured client id a button only says the provider is not
 * configured; with one, the provider's SDK is loaded after the page (never in the app bundle).
 */
export function SocialButtons({ onToken, disabled = false }: SocialButtonsProps) {
  const dialog = useDialog();
  const config = usePublicConfig().data;
  const googleClientId = config?.google_client_id ?? null;
  const facebookAppId = config?.facebook_app_id ?? null;
  const facebookVersion = config?.facebook_api_version || DEFAULT_FACEBOOK_API_VERSION;

  const googleRef = useRef<HTMLDivElement>(null);
  const [googleMounted, setGoogleMounted] = useState(false);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });

  const failed = (provider: SocialProvider) =>
    void dialog.show({ variant: 'warning', message: providerFailedMessage(provider) });
  const failedRef = useRef(failed);
  useEffect(() => {
    failedRef.current = failed;
  });

  useEffect(() => {
    const container = googleRef.current;
    if (!googleClientId || !container) return;
    let active = true;
    mountGoogleButton(container, googleClientId, (idToken) => {
      if (idToken) onTokenRef.current('google', idToken);
      else failedRef.current('google');
    }).then(
      () => {
        if (active) setGoogleMounted(true);
      },
      (error: unknown) => console.error('Google Identity Services', error),
    );
    return () => {
      active = false;
    };
  }, [googleClientId]);

  useEffect(() => {
    if (!facebookAppId) return;
    loadFacebook(facebookAppId, facebookVersion).catch((error: unknown) =>
      console.error('Facebook SDK', error),
    );
  }, [facebookAppId, facebookVersion]);

  const notConfigured = (provider: SocialProvider) =>
    void dialog.show({
      variant: 'info',
      title: PROVIDER_NAME[provider],
      message: providerNotConfiguredMessage(provider),
    });

  const onGoogle = () => {
    // The official button replaces this one once loaded; reaching here means it is missing or failed.
    if (!googleClientId) notConfigured('google');
    else failed('google');
  };

  const onFacebook = async () => {
    if (!facebookAppId) {
      notConfigured('facebook');
      return;
    }
    try {
      const sdk = await loadFacebook(facebookAppId, facebookVersion);
      const token = await facebookAccessToken(sdk);
      if (token) onToken('facebook', token);
      else failed('facebook');
    } catch (error) {
      console.error('Facebook SDK', error);
      failed('facebook');
    }
  };

  return (
    <div className="social-buttons">
      <div className="social-buttons__google">
        <div ref={googleRef} className="social-buttons__google-slot" />
        {googleMounted ? null : (
          <button type="button" className="btn btn--social" onClick={onGoogle} disabled={disabled}>
            <GoogleIcon />
            Google
          </button>
        )}
      </div>
      <button type="button" className="btn btn--social" onClick={() => void onFacebook()} disabled={disabled}>
        <FacebookIcon />
        Facebook
      </button>
    </div>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" width="22" height="22" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="#1877F2" />
      <path
        fill="#fff"
        d="M13.4 19v-6h2l.3-2.4h-2.3V9.1c0-.7.2-1.2 1.2-1.2h1.2V5.8c-.2 0-1-.1-1.8-.1-1.8 0-3 1.1-3 3.1v1.8H9v2.4h2V19h2.4Z"
      />
    </svg>
  );
}
