import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildServer } from '../src/server';
import { client, TEST_CONFIG_ENV, WEB } from './helpers';

/**
 * The /dev endpoints (the mail outbox with reset links and codes, fault points, the movable clock) are opt-in:
 * on only with DEV_ENDPOINTS=true, whatever NODE_ENV says. A deployment that forgets NODE_ENV must not serve them.
 */
async function devOutboxStatus(env: Record<string, string>): Promise<{ status: number; code?: string; devEndpoints: boolean }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'broker-dev-opt-in-'));
  const config = loadConfig({
    BACKEND_HOST: '127.0.0.1',
    BACKEND_PORT: '0',
    DATABASE_PATH: path.join(dir, 'test.sqlite'),
    LOG_LEVEL: 'silent',
    WEB_APP_URL: WEB,
    ...TEST_CONFIG_ENV,
    ...env,
  });
  const server = await buildServer(config, { logger: false, workers: false });
  try {
    const res = await client(await server.listen())('GET', '/dev/outbox?to=client%40exemplu.ro');
    return { status: res.status, code: res.body?.error?.code, devEndpoints: config.devEndpoints };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('development endpoints are opt-in', () => {
  it('NODE_ENV unset and no DEV_ENDPOINTS: off (404 not_found)', async () => {
    expect(await devOutboxStatus({})).toEqual({ status: 404, code: 'not_found', devEndpoints: false });
  });

  it.each(['development', 'test'])('NODE_ENV=%s alone does not switch them on', async (nodeEnv) => {
    expect(await devOutboxStatus({ NODE_ENV: nodeEnv })).toEqual({ status: 404, code: 'not_found', devEndpoints: false });
  });

  it('DEV_ENDPOINTS=false keeps them off', async () => {
    expect((await devOutboxStatus({ DEV_ENDPOINTS: 'false' })).status).toBe(404);
  });

  it('DEV_ENDPOINTS=true switches them on (NODE_ENV unset, or development)', async () => {
    expect(await devOutboxStatus({ DEV_ENDPOINTS: 'true' })).toEqual({ status: 200, code: undefined, devEndpoints: true });
    expect((await devOutboxStatus({ NODE_ENV: 'development', DEV_ENDPOINTS: '1' })).status).toBe(200);
  });

  it('the dev Google sign-in is off unless set, whatever NODE_ENV', () => {
    const bare = loadConfig({ ...TEST_CONFIG_ENV });
    expect(bare.devGoogleSignIn).toBe(false);
    expect(bare.devEndpoints).toBe(false);
    expect(loadConfig({ ...TEST_CONFIG_ENV, DEV_GOOGLE_SIGN_IN: 'true' }).devGoogleSignIn).toBe(true);
  });
});
