import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeployment } from './deployment.mjs';

/**
 * Local runs without settings (npm start, npm run dev, the backend CLI, the benches, the e2e servers) need
 * secrets, and the code has no fixed development value for any of them: the first local start writes random
 * ones to `.data/local-secrets.env` (mode 0600, ignored by git) and every later start, and both processes,
 * read the same file. Values set in the environment or in .env always win. A deployment (scripts/deployment.mjs:
 * NODE_ENV=production, or a public origin beyond this machine without NODE_ENV) never gets them: it refuses to
 * start without real secrets (lib/config/env.ts, backend/src/config.ts).
 */
export const SECRET_SETTINGS = ['SESSION_SECRET', 'ADMIN_TOKEN', 'PAYMENT_SIGNING_SECRET', 'PUSHER_SECRET'];
export const LOCAL_SECRETS_FILE = '.data/local-secrets.env';

function parse(text) {
  const out = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const eq = line.indexOf('=');
    if (!line || line.startsWith('#') || eq < 1) continue;
    out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return out;
}

const newSecret = () => randomBytes(32).toString('base64url');

/** The local secrets, created on first use (exclusively, so that two processes starting together agree). */
export function readLocalSecrets(file = LOCAL_SECRETS_FILE) {
  let existing = {};
  try {
    existing = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if (error?.code !== 'ENOENT') throw error;
  }
  if (SECRET_SETTINGS.every((name) => (existing[name] ?? '').length >= 32)) return existing;
  const values = { ...existing };
  for (const name of SECRET_SETTINGS) if ((values[name] ?? '').length < 32) values[name] = newSecret();
  const text = [
    '# Random secrets of local runs, generated on first start (scripts/local-secrets.mjs). Never commit;',
    '# delete the file to get new ones. Settings in the environment or .env take precedence.',
    ...SECRET_SETTINGS.map((name) => `${name}=${values[name]}`),
    '',
  ].join('\n');
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx' when creating: if another process won the race, read what it wrote.
    writeFileSync(file, text, { mode: 0o600, flag: Object.keys(existing).length ? 'w' : 'wx' });
    chmodSync(file, 0o600);
  } catch (error) {
    if (error?.code === 'EEXIST') return readLocalSecrets(file);
    throw error;
  }
  return values;
}

const isSet = (value) => value !== undefined && value !== '';

/**
 * `env` with every missing secret taken from the local secrets file, and captcha switched off explicitly
 * (`CAPTCHA_ENABLED=false`) when no reCAPTCHA key is configured and the setting is not given: a local run
 * has no reCAPTCHA keys. Everything already set in `env` is kept; a deployment's settings come back unchanged.
 */
export function withLocalSecrets(env, file = LOCAL_SECRETS_FILE) {
  if (isDeployment(env)) return { ...env };
  const out = { ...env };
  const missing = SECRET_SETTINGS.filter((name) => !isSet(out[name]));
  if (missing.length > 0) {
    const secrets = readLocalSecrets(file);
    for (const name of missing) out[name] = secrets[name];
  }
  if (!isSet(out.CAPTCHA_ENABLED) && !isSet(out.RECAPTCHA_SITE_KEY) && !isSet(out.RECAPTCHA_SECRET)) {
    out.CAPTCHA_ENABLED = 'false';
  }
  return out;
}
