import type { APIRequestContext, Page } from '@playwright/test';
import { createGuardrails, generate } from 'otplib';
import { expect as baseExpect } from './fixtures';
import { backendLogin } from './fixtures/auth';

/** The shared dev server compiles each route on first use and the machine is small: allow for it. */
export const expect = baseExpect.configure({ timeout: 30_000 });
export const AUTH_TEST_TIMEOUT = 180_000;

/**
 * Helpers of the auth end-to-end tests: the backend's dev outbox and user flags, and the UI steps every
 * auth test repeats. Everything runs against the real backend; nothing is mocked.
 */
export type OutboxMail = { id: number; to: string; subject: string; text: string; html: string; created_at: string };

/** Mails sent to `to`, newest first (GET /dev/outbox). */
export async function outbox(request: APIRequestContext, backendURL: string, to: string): Promise<OutboxMail[]> {
  const res = await request.get(`${backendURL}/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!res.ok()) throw new Error(`GET /dev/outbox answered ${res.status()}`);
  const body = (await res.json()) as { data?: OutboxMail[] } | OutboxMail[];
  return Array.isArray(body) ? body : (body.data ?? []);
}

/** Waits for the newest mail to `to` matching `pattern` and returns the first capture group (or whole match). */
export async function waitForMail(
  request: APIRequestContext,
  backendURL: string,
  to: string,
  pattern: RegExp,
  after = 0,
): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const mails = await outbox(request, backendURL, to);
        for (const mail of mails) {
          if (mail.id <= after) continue;
          const match = `${mail.text}\n${mail.html}`.match(pattern);
          if (match) {
            found = match[1] ?? match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `a mail to ${to} matching ${pattern}` },
    )
    .toBe(true);
  return found!;
}

/** Id of the newest mail to `to` (0 when none), to wait for a newer one. */
export async function lastMailId(request: APIRequestContext, backendURL: string, to: string): Promise<number> {
  const mails = await outbox(request, backendURL, to);
  return mails.reduce((max, m) => Math.max(max, m.id), 0);
}

/** PUT /dev/users/{email}: flips is_deleted / is_two_factor_required of a user. */
export async function setUserFlags(
  request: APIRequestContext,
  backendURL: string,
  email: string,
  flags: { is_deleted?: boolean; is_two_factor_required?: boolean; signed_in_minutes_ago?: number },
): Promise<void> {
  const res = await request.put(`${backendURL}/dev/users/${encodeURIComponent(email)}`, { data: flags });
  if (!res.ok()) throw new Error(`PUT /dev/users answered ${res.status()}: ${await res.text()}`);
}

/** Types the email on /authenticate and continues to the next step. */
export async function enterEmail(page: Page, email: string): Promise<void> {
  await page.getByLabel('Adresa de email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continuați', exact: true }).click();
}

/** Signs in through the UI, starting on /authenticate (any last_url already in the address). */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await enterEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Autentificare' })).toBeVisible();
  await page.getByLabel('Parola', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Autentificare', exact: true }).click();
}

/** Logs out through the account menu. */
export async function logoutThroughUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Contul meu' }).click();
  await page.getByRole('button', { name: 'Deconectare' }).click();
  await expect(page.getByRole('link', { name: 'Contul meu' })).toBeVisible();
}

/** otplib v13 refuses secrets under 16 bytes; the seed user's JBSWY3DPEHPK3PXP is 10 bytes (as in the backend tests). */
const totpGuardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

/**
 * TOTP codes for one secret, never the same 30-second step twice (the backend refuses a replayed step and
 * accepts one step either side of now).
 */
export function totpSource(secret: string) {
  const used = new Set<number>();
  return async function nextCode(): Promise<string> {
    for (;;) {
      const step = Math.floor(Date.now() / 30_000);
      // Only the current and the next step: both stay within the server's one-step tolerance even if the
      // request crosses a step boundary (the previous step would not).
      for (const candidate of [step + 1, step]) {
        if (used.has(candidate)) continue;
        used.add(candidate);
        return generate({ secret, epoch: candidate * 30, guardrails: totpGuardrails });
      }
      // Both used (the server refuses a replayed step): wait for the clock to reach the next step.
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50));
    }
  };
}

/** A 6-digit code that is certainly not the current one. */
export async function wrongTotp(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 30_000);
  const valid = new Set(await Promise.all([now - 1, now, now + 1, now + 2].map((s) => generate({ secret, epoch: s * 30, guardrails: totpGuardrails }))));
  let candidate = 123456;
  while (valid.has(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}

/**
 * Turns the authenticator on for an existing customer straight at the backend (its own session) and returns the
 * new secret, its recovery codes and a code source for it. Each test enables it on its own fresh user: a TOTP
 * secret shared by tests running in parallel gets the same step spent twice, and the second is refused as a replay.
 */
export async function enableAuthenticator(request: APIRequestContext, backendURL: string, email: string, password: string) {
  const token = await backendLogin(request, backendURL, email, password);
  const auth = { authorization: `Bearer ${token}` };
  const qr = await request.get(`${backendURL}/api/v1/auth/two-factor/generate-qr-code?token=${encodeURIComponent(token)}`, { headers: auth });
  expect(qr.ok(), await qr.text()).toBe(true);
  const { secret } = ((await qr.json()) as { data: { secret: string } }).data;
  const nextCode = totpSource(secret);
  const verified = await request.post(`${backendURL}/api/v1/auth/two-factor/verify-code`, {
    headers: auth,
    data: { token: '', secret, two_factor_code: await nextCode(), provider_code: 'authenticator', user_agent: 'e2e', user_ip: '' },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const recoveryCodes = ((await verified.json()) as { data: { recovery_codes: string[] } }).data.recovery_codes;
  return { secret, recoveryCodes, nextCode };
}

/**
 * On /account/2fa (the provider choice shown): chooses the authenticator, reads the key the page shows, confirms a
 * code of it and waits for the ten recovery codes. Returns the key.
 */
export async function activateAuthenticatorOnPage(page: Page): Promise<string> {
  await page.getByRole('radio', { name: /Aplicație de autentificare/ }).check();
  await page.getByRole('button', { name: 'Continuați' }).click();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Codul de 6 cifre').fill(await totpSource(secret)());
  await page.getByRole('button', { name: 'Activați', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Coduri de recuperare' }).getByRole('listitem')).toHaveCount(10);
  return secret;
}

