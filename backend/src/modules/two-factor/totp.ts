import { brokerIdentity } from '../../../../lib/broker-identity';
import { createGuardrails, generateSecret, generateURI, verify } from 'otplib';

export const TOTP_PERIOD_S = 30;
// The seeded demo secret (JBSWY3DPEHPK3PXP) decodes to 10 bytes; new secrets are 20 bytes.
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: brokerIdentity.brandName, label: email, secret });
}

/**
 * RFC 6238 (SHA-1, 6 digits, 30 s) with one step of tolerance either side.
 * Returns the matched time step (for replay refusal) or null.
 */
export async function matchTotp(secret: string, code: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  try {
    const result = await verify({ secret, token: code, epoch, epochTolerance: TOTP_PERIOD_S, guardrails });
    if (!result.valid) return null;
    return Math.floor(epoch / TOTP_PERIOD_S) + result.delta;
  } catch {
    return null;
  }
}
