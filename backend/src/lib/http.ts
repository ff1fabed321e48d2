import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Client IP: Fastify's `req.ip`, which follows X-Forwarded-For only through the peers of
 * BACKEND_TRUSTED_PROXIES (server.ts `trustProxy`); always an IP address (`net.isIP`), never a header's text.
 */
export function clientIp(req: FastifyRequest): string {
  return normalIp(req.ip) ?? normalIp(req.socket.remoteAddress) ?? '0.0.0.0';
}

/** An IP address with IPv4-mapped IPv6 reduced to IPv4; null for anything else. */
export function normalIp(value: string | undefined | null): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped && isIP(mapped[1]) === 4) return mapped[1];
  return isIP(text) !== 0 ? text.toLowerCase() : null;
}

export function userAgent(req: FastifyRequest): string {
  return String(req.headers['user-agent'] ?? '').slice(0, 500);
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : null;
}

export function urlPath(req: FastifyRequest): string {
  const q = req.url.indexOf('?');
  return q === -1 ? req.url : req.url.slice(0, q);
}

/**
 * The path a request was routed by: the matched route's pattern (`/api/v1/orders/:id`), or for an unmatched one the
 * path with its percent-escapes decoded. The router decodes escapes (`/%64ev/outbox` is served by `/dev/outbox`), so
 * a check of a path prefix on the raw URL (dev endpoints, maintenance, the processor's page headers) let an escaped
 * letter reach the route without the check.
 */
export function routedPath(req: FastifyRequest): string {
  const route = req.routeOptions?.url;
  if (route) return route;
  const raw = urlPath(req);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Routes whose path holds a secret (a reminder's renewal token): logged as their route, never as requested. */
const SECRET_PATH_ROUTES = new Set(['/api/v1/renewals/:token']);

/** The path as log lines carry it: without the query (tokens) and without a secret path segment. */
export function loggedPath(req: FastifyRequest): string {
  const route = req.routeOptions?.url;
  return route && SECRET_PATH_ROUTES.has(route) ? route : urlPath(req);
}

export function sendData(reply: FastifyReply, data: unknown, status = 200) {
  return reply.code(status).send({ data });
}
