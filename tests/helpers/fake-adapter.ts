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
