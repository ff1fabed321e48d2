import type { FastifyReply, FastifyRequest } from 'fastify';

/** Client IP: first X-Forwarded-For entry (the BFF sets it), else the socket address. */
export function clientIp(req: FastifyRequest): string {
  const xff = req.headers['x-forwarded-for'];
  const first = (Array.isArray(xff) ? xff[0] : xff)?.split(',')[0]?.trim();
  if (first && first.length <= 100) return first;
  return req.socket.remoteAddress ?? '';
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

export function sendData(reply: FastifyReply, data: unknown, status = 200) {
  return reply.code(status).send({ data });
}
