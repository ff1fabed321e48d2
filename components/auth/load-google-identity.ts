/**
 * Loads Google Identity Services (https://accounts.google.com/gsi/client) once per page.
 * Resolves with `window.google.accounts.id`, rejects when the script cannot load or does not define it.
 */
export const GOOGLE_IDENTITY_SRC = 'https://accounts.google.com/gsi/client';

export type GoogleCredentialResponse = { credential?: string };

export type GoogleAccountsId = {
  initialize: (options: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
    itp_support?: boolean;
  }) => void;
  renderButton: (
    parent: HTMLElement,
    options: {
      type?: 'standard' | 'icon';
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: 'large' | 'medium' | 'small';
      text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
      shape?: 'rectangular' | 'pill';
      locale?: string;
      width?: number;
    },
  ) => void;
};

type GoogleWindow = Window & { google?: { accounts?: { id?: GoogleAccountsId } } };

let loading: Promise<GoogleAccountsId> | null = null;

export function loadGoogleIdentity(timeoutMs = 10_000): Promise<GoogleAccountsId> {
  const w = window as GoogleWindow;
  if (w.google?.accounts?.id) return Promise.resolve(w.google.accounts.id);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SRC;
    script.async = true;
    script.defer = true;
    const timer = window.setTimeout(() => fail(new Error('Google Identity Services timed out')), timeoutMs);
    function fail(error: Error) {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(error);
    }
    script.onload = () => {
      window.clearTimeout(timer);
      const id = (window as GoogleWindow).google?.accounts?.id;
      if (id) resolve(id);
      else fail(new Error('Google Identity Services loaded without google.accounts.id'));
    };
    script.onerror = () => fail(new Error('Google Identity Services failed to load'));
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * For tests.
 * @testSeam
 */
export function resetGoogleIdentityLoader() {
  loading = null;
}
