import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { brokerIdentity } from '../../../../contract/broker-identity';
import { createGuardrails, generateURI, ScureBase32Plugin, verify } from 'otplib';

export const TOTP_PERIOD_S = 30;
// The seeded demo secret (JBSWY3DPEHPK3PXP) decodes to 10 bytes; new secrets are 20 bytes.
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

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

/**
 * Setup secrets that need no storage: GET generate-qr-code must not change anything, so the secret it hands out
 * carries its own proof of origin. 20 bytes (32 base32 characters, what authenticator apps expect):
 *   4 bytes issue time (minutes since the epoch) | 8 random bytes | 8 bytes HMAC-SHA256(key, user|session|first 12)
 * Only the server (which holds the key, `settings.two_factor_setup_key`) can make one, it is bound to the user
 * and the session that asked for it, and it expires. 128 of its 160 bits are unpredictable without the key.
 */
export const SETUP_SECRET_TTL_MS = 30 * 60 * 1000;
const base32 = new ScureBase32Plugin();

function setupMac(key: string, userId: number, sessionId: number, head: Uint8Array): Buffer {
  return createHmac('sha256', Buffer.from(key, 'hex')).update(`${userId}|${sessionId}|`).update(head).digest().subarray(0, 8);
}

export function sealedSetupSecret(key: string, userId: number, sessionId: number, now: Date): string {
  const head = Buffer.alloc(12);
  head.writeUInt32BE(Math.floor(now.getTime() / 60_000), 0);
  randomBytes(8).copy(head, 4);
  return base32.encode(Buffer.concat([head, setupMac(key, userId, sessionId, head)]), { padding: false });
}

/** True when `secret` was made by sealedSetupSecret for this user and session less than 30 minutes ago. */
export function isSealedSetupSecret(key: string, secret: string, userId: number, sessionId: number, now: Date): boolean {
  let bytes: Buffer;
  try {
    bytes = Buffer.from(base32.decode(secret.replace(/\s+/g, '').toUpperCase()));
  } catch {
    return false;
  }
  if (bytes.length !== 20) return false;
  const head = bytes.subarray(0, 12);
  if (!timingSafeEqual(bytes.subarray(12), setupMac(key, userId, sessionId, head))) return false;
  const issuedMs = head.readUInt32BE(0) * 60_000;
  return issuedMs <= now.getTime() + 60_000 && now.getTime() - issuedMs <= SETUP_SECRET_TTL_MS;
}
