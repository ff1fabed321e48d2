import { describe, expect, it } from 'vitest';
import { withLocalDevEndpoints } from '../scripts/dev-endpoints.mjs';

/** `npm start` switches the backend's /dev endpoints on for a local run only (scripts/dev-endpoints.mjs). */
describe('the /dev endpoints of the backend npm start runs', () => {
  it('are on for a local run on this machine (the default host or a loopback one)', () => {
    expect(withLocalDevEndpoints({}).DEV_ENDPOINTS).toBe('true');
    for (const host of ['127.0.0.1', 'localhost', '::1', '']) expect(withLocalDevEndpoints({ BACKEND_HOST: host }).DEV_ENDPOINTS).toBe('true');
  });

  it('stay off when the backend listens beyond this machine: a deployment that forgot NODE_ENV serves no outbox', () => {
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'api.internal']) expect(withLocalDevEndpoints({ BACKEND_HOST: host }).DEV_ENDPOINTS).toBeUndefined();
  });

  it('stay off in production, and follow the settings when they name them', () => {
    expect(withLocalDevEndpoints({ NODE_ENV: 'production' }).DEV_ENDPOINTS).toBeUndefined();
    // A deployment that forgot NODE_ENV: its public origin is beyond this machine.
    expect(withLocalDevEndpoints({ WEB_APP_URL: 'https://www.broker.example' }).DEV_ENDPOINTS).toBeUndefined();
    expect(withLocalDevEndpoints({ NODE_ENV: 'development', WEB_APP_URL: 'http://192.168.1.20:3000' }).DEV_ENDPOINTS).toBe('true');
    expect(withLocalDevEndpoints({ DEV_ENDPOINTS: 'false' }).DEV_ENDPOINTS).toBe('false');
    expect(withLocalDevEndpoints({ BACKEND_HOST: '0.0.0.0', DEV_ENDPOINTS: 'true' }).DEV_ENDPOINTS).toBe('true');
  });
});
