import {
  fetchUser,
  googleSignIn as googleSignInCall,
  login as loginCall,
  register as registerCall,
  storeFromProductPage as storeFromProductPageCall,
  type LoginInput,
  type RegisterInput,
  type SignInResult,
  type StoreFromProductPageInput,
} from '@/lib/api/auth';
import { EMAIL_TAKEN } from '@/contract/auth-messages';
import type { User } from '@/contract/types';
import { isApiError } from '@/lib/api/errors';
import { useAuthStore } from '@/stores/auth-store';

/**
 * The browser's sign-in use cases: the API call (lib/api/auth.ts, which only returns data) and then the stored
 * user (authStore, SPEC §3) following its answer. Same names and signatures as the calls, so that a form
 * switches by its import alone. The session's end is lib/session/end-session.ts.
 */
function remember<T extends { user: User }>(result: T): T {
  useAuthStore.getState().setUser(result.user);
  return result;
}

/** Email and password (SPEC §7); a deleted account fails with account_is_deleted and stores nothing. */
export async function login(input: LoginInput): Promise<SignInResult> {
  return remember(await loginCall(input));
}

/**
 * A new account (SPEC §7). `signInToken` (the captcha token of a sign-in, asked only when needed) covers an answer
 * lost on the way back: the network dropped it, the browser timed out, or a proxy answered 5xx after the backend
 * had committed. The account then exists, and the next attempt is refused with "email taken" (a register answer is
 * never replayed: it carries a session). The form got here because the address had no account moments before, so
 * the account is most likely the customer's own: it signs in with the same email and password instead. If that
 * sign-in fails, the "email taken" refusal stands, as it would have.
 */
export async function register(input: RegisterInput, signInToken?: () => Promise<string>): Promise<SignInResult> {
  try {
    return remember(await registerCall(input));
  } catch (error) {
    if (!signInToken || !isEmailTaken(error)) throw error;
    try {
      return remember(await loginCall({ email: input.email, password: input.password, token: await signInToken() }));
    } catch {
      throw error;
    }
  }
}

function isEmailTaken(error: unknown): boolean {
  return isApiError(error) && error.status === 422 && (error.fieldErrors.email ?? []).includes(EMAIL_TAKEN);
}

export async function googleSignIn(idToken: string): Promise<SignInResult> {
  return remember(await googleSignInCall(idToken));
}

export type StoreFromProductPageResult = { user: User; isNew: boolean; signedIn: boolean };

/**
 * A guest buying on a product page becomes a customer: signed in when the BFF started a session with the answer
 * (or the tab already was). Only then does the stored user follow.
 */
export async function storeFromProductPage(input: StoreFromProductPageInput): Promise<StoreFromProductPageResult> {
  const answer = await storeFromProductPageCall(input);
  const signedIn = answer.sessionStarted || useAuthStore.getState().authenticated;
  if (signedIn) useAuthStore.getState().setUser(answer.user);
  return { user: answer.user, isNew: answer.isNew, signedIn };
}

/** Re-reads the signed-in user (null when the session is gone) into the store. */
export async function refreshUser(): Promise<User | null> {
  const user = await fetchUser();
  useAuthStore.getState().setUser(user);
  return user;
}
