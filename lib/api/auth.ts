import { api, FIELD_ERRORS_INLINE, unwrap, type Envelope } from './client';
import { ApiError } from './errors';
import type { User } from '@/contract/types';

/**
 * Sign-in and account calls of SPEC §7. The BFF keeps the access token in an httpOnly cookie and removes it
 * from these answers; it adds `session_started: true` when it set the cookie. The stored user follows in
 * lib/session/sign-in.ts, the session's end in lib/session/end-session.ts (logout: lib/api/logout.ts); nothing
 * here writes a store.
 */
export const ACCOUNT_IS_DELETED = 'account_is_deleted';

export const ACCOUNT_DELETED_MESSAGE = 'Acest cont a fost șters. Contactați-ne dacă doriți să îl reactivați.';

function accountDeleted(): ApiError {
  return new ApiError({
    code: ACCOUNT_IS_DELETED,
    status: 200,
    message: ACCOUNT_IS_DELETED,
    prettyMessage: ACCOUNT_DELETED_MESSAGE,
  });
}

/** What the browser receives for login, register and Google sign-in (token removed by the BFF). */
type AuthAnswer = { user: User | null; is_two_factor_enabled: boolean; is_deleted: boolean; session_started?: boolean };

export type SignInResult = { user: User; isTwoFactorEnabled: boolean };

function signedIn(answer: AuthAnswer): SignInResult {
  // SPEC §5: a login response flagged is_deleted fails with account_is_deleted.
  if (answer.is_deleted || !answer.user) throw accountDeleted();
  return { user: answer.user, isTwoFactorEnabled: Boolean(answer.is_two_factor_enabled) };
}

export type LoginInput = { email: string; password: string; token: string };

/** POST /api/v1/auth/login, multipart form {email, password, token}. */
export async function login({ email, password, token }: LoginInput): Promise<SignInResult> {
  const form = new FormData();
  form.append('email', email);
  form.append('password', password);
  form.append('token', token);
  return signedIn(unwrap(await api.post<Envelope<AuthAnswer>>('/api/v1/auth/login', form, FIELD_ERRORS_INLINE)));
}

export type RegisterInput = {
  email: string;
  phone_number: string;
  last_name: string;
  first_name: string;
  password: string;
  password_confirmation: string;
  is_default_password: boolean;
  token: string;
};

/** POST /api/v1/auth/register. */
export async function register(input: RegisterInput): Promise<SignInResult> {
  return signedIn(unwrap(await api.post<Envelope<AuthAnswer>>('/api/v1/auth/register', input, FIELD_ERRORS_INLINE)));
}

/** POST /api/v1/auth/social/authentications/google {token: Google ID token}. */
export async function googleSignIn(idToken: string): Promise<SignInResult> {
  return signedIn(
    unwrap(await api.post<Envelope<AuthAnswer>>('/api/v1/auth/social/authentications/google', { token: idToken })),
  );
}

export type StoreFromProductPageInput = {
  customer: { email: string; first_name: string; last_name: string; phone_number: string };
  product_id: string;
  token: string;
};

/** `sessionStarted`: the BFF set the session cookie with this answer (the guest is now signed in). */
export type StoreFromProductPageAnswer = { user: User; isNew: boolean; sessionStarted: boolean };

/** POST /api/v1/users/store-from-product-page: a guest becomes a customer (and is signed in). */
export async function storeFromProductPage(input: StoreFromProductPageInput): Promise<StoreFromProductPageAnswer> {
  const answer = unwrap(
    await api.post<Envelope<{ user: User; is_new: boolean; session_started?: boolean }>>(
      '/api/v1/users/store-from-product-page',
      input,
      FIELD_ERRORS_INLINE,
    ),
  );
  return { user: answer.user, isNew: answer.is_new, sessionStarted: Boolean(answer.session_started) };
}

/** POST /api/v1/users/email-existence-check → alreadyExists; a deleted account fails with account_is_deleted. */
export async function emailExists(email: string, token: string): Promise<boolean> {
  const answer = unwrap(
    await api.post<Envelope<{ alreadyExists: boolean; isDeleted: boolean }>>('/api/v1/users/email-existence-check', {
      email,
      token,
    }, FIELD_ERRORS_INLINE),
  );
  if (answer.isDeleted) throw accountDeleted();
  return answer.alreadyExists;
}

/** POST /api/v1/auth/generate-reset-token. */
export async function generateResetToken(email: string, token: string): Promise<void> {
  await api.post('/api/v1/auth/generate-reset-token', { email, token }, FIELD_ERRORS_INLINE);
}

export type ResetPasswordInput = {
  email: string;
  reset_token: string;
  password: string;
  password_confirmation: string;
  token: string;
};

/** POST /api/v1/auth/reset-password. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await api.post('/api/v1/auth/reset-password', input, FIELD_ERRORS_INLINE);
}

/** GET /api/v1/auth/user: the signed-in user (null when signed out). */
export async function fetchUser(): Promise<User | null> {
  return unwrap(await api.get<Envelope<User | null>>('/api/v1/auth/user'));
}

export type ChangePasswordInput = { current_password: string; password: string; password_confirmation: string };

/** POST /api/v1/auth/change-password. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.post('/api/v1/auth/change-password', input, FIELD_ERRORS_INLINE);
}
