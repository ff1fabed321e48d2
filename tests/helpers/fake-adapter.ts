import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

export type FakeReply = { status: number; data?: unknown; headers?: Record<string, string> };

/** An axios adapter answering from a script, recording every request (no network). */
export function fakeAdapter(replies: FakeReply[] | ((config: InternalAxiosRequestConfig, index: number) => FakeReply)) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const index = calls.length;
    calls.push(config);
    const reply = typeof replies === 'function' ? replies(config, index) : (replies[index] ?? replies[replies.length - 1]);
    const response = {
      status: reply.status,
      statusText: String(reply.status),
      data: reply.data ?? {},
      headers: new AxiosHeaders(reply.headers ?? {}),
      config,
      request: {},
    };
    const valid = config.validateStatus ? config.validateStatus(reply.status) : true;
    if (valid) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_RESPONSE', config, {}, response);
  };
  return { adapter, calls };
}

/**
 * The browser's one API instance (lib/api/client.ts `api` creates it on first use) answering from a script:
 * `answer(replies)` swaps its adapter, `calls` are the requests of the last script, `restore()` puts it back.
 */
export async function fakeApi() {
  const { loadApiInstance } = await import('@/lib/api/client');
  const api = await loadApiInstance();
  const original = api.defaults.adapter;
  let calls: InternalAxiosRequestConfig[] = [];
  return {
    api,
    answer(replies: Parameters<typeof fakeAdapter>[0]) {
      const fake = fakeAdapter(replies);
      calls = fake.calls;
      api.defaults.adapter = fake.adapter;
      return fake;
    },
    get calls() {
      return calls;
    },
    restore() {
      api.defaults.adapter = original;
    },
  };
}
