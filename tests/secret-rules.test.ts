// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reusedSecretReasons, unsafeSecretReason } from '@/lib/config/secret-rules';

describe('production secrets (lib/config/secret-rules.ts)', () => {
  it.each([
    // What documentation and .env templates put in a secret's place, long enough to pass a length check.
    'CHANGE_ME_TO_A_LONG_RANDOM_SECRET_VALUE',
    'please-change-this-secret-in-production!!',
    'replace-with-32-plus-random-characters-here',
    'your-session-secret-goes-here-0123456789',
    '<random 32+ characters, e.g. openssl rand>',
    'insecure-default-session-secret-do-not-use',
    'put-a-long-random-string-in-here-please',
    // Not random: a run of one character, a sequence, a repeated block.
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabcdefgh',
    'abcdefghijklmnopqrstuvwxyz0123456789',
    '0123456789abcdef0123456789abcdef',
    'Qx7vPz93kLmN4rT8Qx7vPz93kLmN4rT8',
  ])('refuses %s', (value) => {
    expect(unsafeSecretReason(value)).not.toBeNull();
  });

  it('accepts a random hex value in which one digit happens to come 11 times (a third of the value)', () => {
    // Drawn by `openssl rand -hex 16`-style generation in a test run: refused as "not random enough" before.
    expect(unsafeSecretReason('7f1affaaa88621c1a5a82b6caaa70a2a')).toBeNull();
  });

  it('accepts what the documented generators print (openssl rand -base64 32 / -hex 16, random base64url)', () => {
    for (let i = 0; i < 2000; i += 1) {
      for (const value of [randomBytes(32).toString('base64'), randomBytes(16).toString('hex'), randomBytes(24).toString('base64url')]) {
        expect(unsafeSecretReason(value), value).toBeNull();
      }
    }
  });

  it('names every pair of settings that share one value', () => {
    const a = randomBytes(32).toString('base64');
    const b = randomBytes(32).toString('base64');
    expect(reusedSecretReasons({ SESSION_SECRET: a, ADMIN_TOKEN: a, PUSHER_SECRET: b, PAYMENT_SIGNING_SECRET: b, RECAPTCHA_SECRET: '' })).toEqual([
      'ADMIN_TOKEN: the same value as SESSION_SECRET; every secret needs its own random value',
      'PUSHER_SECRET: the same value as PAYMENT_SIGNING_SECRET; every secret needs its own random value',
    ]);
    expect(reusedSecretReasons({ SESSION_SECRET: a, ADMIN_TOKEN: ` ${a} ` })).toHaveLength(1);
    expect(reusedSecretReasons({ SESSION_SECRET: a, ADMIN_TOKEN: b, PUSHER_SECRET: undefined })).toEqual([]);
  });
});
