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
import type { User } from '@/contract/types';
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

export async function register(input: RegisterInput): Promise<SignInResult> {
  return remember(await registerCall(input));
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
