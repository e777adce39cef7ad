import { loadScript } from '../../../lib/load-script.ts';

/** Minimal typings of the two provider SDKs the login page loads on demand. */
interface GoogleCredentialResponse {
  credential?: string;
}
interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    use_fedcm_for_button?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard' | 'icon';
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: 'large' | 'medium' | 'small';
      text?: 'signin_with' | 'continue_with';
      shape?: 'rectangular' | 'pill';
      width?: number;
      locale?: string;
    },
  ): void;
}
interface FacebookLoginResponse {
  status?: string;
  authResponse?: { accessToken?: string } | null;
}
interface FacebookSdk {
  init(options: { appId: string; cookie?: boolean; xfbml?: boolean; version: string }): void;
  login(callback: (response: FacebookLoginResponse) => void, options?: { scope?: string }): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
    FB?: FacebookSdk;
  }
}

export const GOOGLE_SDK_URL = 'https://accounts.google.com/gsi/client';
export const FACEBOOK_SDK_URL = 'https://connect.facebook.net/es_LA/sdk.js';

/** Loads Google Identity Services and renders its sign-in button; the id token goes to `onCredential`. */
export async function mountGoogleButton(
  container: HTMLElement,
  clientId: string,
  onCredential: (idToken: string | null) => void,
): Promise<void> {
  await loadScript(GOOGLE_SDK_URL);
  const id = window.google?.accounts?.id;
  if (!id) throw new Error('Google Identity Services no disponible');
  id.initialize({
    client_id: clientId,
    callback: (response) => onCredential(response.credential ?? null),
    ux_mode: 'popup',
  });
  container.replaceChildren();
  id.renderButton(container, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    text: 'continue_with',
    shape: 'pill',
    width: Math.min(Math.max(container.clientWidth, 200), 400),
    locale: 'es-419',
  });
}

let facebookReady: Promise<FacebookSdk> | null = null;

/** Loads and initialises the Facebook SDK once (API version from config, v10.0 by default). */
export function loadFacebook(appId: string, version: string): Promise<FacebookSdk> {
  facebookReady ??= loadScript(FACEBOOK_SDK_URL, { crossorigin: 'anonymous' }).then(() => {
    const sdk = window.FB;
    if (!sdk) throw new Error('Facebook SDK no disponible');
    sdk.init({ appId, cookie: false, xfbml: false, version });
    return sdk;
  });
  facebookReady.catch(() => {
    facebookReady = null;
  });
  return facebookReady;
}

/** Opens the Facebook login popup; resolves the access token, or null when the user did not authorise. */
export function facebookAccessToken(sdk: FacebookSdk): Promise<string | null> {
  return new Promise((resolve) => {
    sdk.login((response) => resolve(response.authResponse?.accessToken ?? null), {
      scope: 'public_profile,email',
    });
  });
}
