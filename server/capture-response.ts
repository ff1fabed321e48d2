import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { CapturedResponse } from './page-cache';

type Chunk = string | Uint8Array | null | undefined | ((error?: Error | null) => void);

function toBuffer(chunk: Chunk, encoding: unknown): Buffer | null {
  if (chunk === null || chunk === undefined || typeof chunk === 'function') return null;
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  // Copy: a stream may reuse the memory of a chunk once it is written.
  return Buffer.from(chunk);
}

/** The headers passed to `writeHead` (an object or a raw name/value list), with lower-case names. */
export function headersOf(value: unknown): OutgoingHttpHeaders {
  if (!value || typeof value !== 'object') return {};
  if (Array.isArray(value)) {
    // writeHead(status, ['name', 'value', …]) (raw header list)
    const flat = value.flat() as string[];
    const out: OutgoingHttpHeaders = {};
    for (let i = 0; i + 1 < flat.length; i += 2) out[String(flat[i]).toLowerCase()] = flat[i + 1];
    return out;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), v])) as OutgoingHttpHeaders;
}

/**
 * Lets a response stream to its client as usual while keeping a copy of what was sent; `onSettled` gets the
 * copy once the handler has written all of it (`end`), or null if it was cut short before that (client gone) or
 * grew past `maxBytes`. Not when the client has received it ('finish'): a client that stops reading would hold
 * the copy, and every visitor waiting for it, for as long as it keeps its connection open.
 */
export function captureResponse(
  res: ServerResponse,
  maxBytes: number,
  onSettled: (captured: CapturedResponse | null) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  let headHeaders: OutgoingHttpHeaders = {};
  let settled = false;

  const keep = (chunk: Chunk, encoding: unknown) => {
    if (overflow) return;
    const buffer = toBuffer(chunk, encoding);
    if (!buffer) return;
    size += buffer.length;
    if (size > maxBytes) {
      overflow = true;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };

  const originalWriteHead = res.writeHead;
  const originalWrite = res.write;
  const originalEnd = res.end;

  res.writeHead = function writeHead(this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
    headHeaders = headersOf(headers);
    return (originalWriteHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
  } as ServerResponse['writeHead'];

  res.write = function write(this: ServerResponse, chunk: Chunk, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (originalWrite as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];

  res.end = function end(this: ServerResponse, chunk?: Chunk, ...rest: unknown[]) {
    if (!settled && !this.destroyed) keep(chunk, rest[0]);
    const result = (originalEnd as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    if (!this.destroyed) complete();
    return result;
  } as ServerResponse['end'];

  const settle = (captured: CapturedResponse | null) => {
    if (settled) return;
    settled = true;
    onSettled(captured);
  };
  /** The whole answer has been written: the copy is complete, however fast the client reads it. */
  const complete = () => {
    if (overflow) return settle(null);
    const headers = { ...res.getHeaders(), ...headHeaders };
    settle({ status: res.statusCode, headers, body: Buffer.concat(chunks) });
  };
  res.once('finish', complete);
  res.once('close', () => settle(null));
}
