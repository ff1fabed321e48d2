import { readLocalSecrets } from '../../scripts/local-secrets.mjs';

/**
 * The secrets of the servers under test: this checkout's generated local secrets (playwright.config.ts passes
 * them to the servers it starts), or E2E_ADMIN_TOKEN / E2E_PUSHER_SECRET for servers started elsewhere.
 */
const local = readLocalSecrets();

export const E2E_ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN || local.ADMIN_TOKEN;
export const E2E_PUSHER_SECRET = process.env.E2E_PUSHER_SECRET || local.PUSHER_SECRET;
