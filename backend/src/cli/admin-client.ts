import type { Config } from '../config';

/** Calls the running server's admin API; null when no server answers. */
export async function callRunningServer(config: Config, method: string, path: string, body: unknown): Promise<unknown | null> {
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  const base = config.publicUrl ?? `http://${host}:${config.port}`;
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-admin-token': config.adminToken },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(3000),
    });
  } catch {
    return null;
  }
  if (!res.ok) throw new Error(`The running server refused ${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
}
