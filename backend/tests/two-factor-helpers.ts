import { createGuardrails, generate } from 'otplib';
import type { Call, FakeClock } from './helpers';

/** The demo secrets are 10 bytes: otplib's default guardrails want 16. */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

/** A TOTP code of `secret` for a step nobody used yet (the clock moves one step on). */
export function freshTotpCode(clock: FakeClock, secret: string): Promise<string> {
  clock.advance(30_000);
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000), guardrails });
}

/**
 * verify-code and check-active-session as a device (headers: its X-Forwarded-For and User-Agent) calls them.
 * `call` is read at each call: test files set theirs up in beforeAll.
 */
export function twoFactorCalls(callOf: () => Call) {
  return {
    verify: (token: string, body: Record<string, unknown>, headers: Record<string, string>) =>
      callOf()('POST', '/api/v1/auth/two-factor/verify-code', { token, body: { token: '', user_agent: 'ua', user_ip: '', ...body }, headers }),
    check: (token: string, headers: Record<string, string>) =>
      callOf()('POST', '/api/v1/auth/two-factor/check-active-session', { token, body: { user_agent: 'ua', user_ip: '' }, headers }),
  };
}
