import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireAuth } from '../lib/auth';
import { hmacHex, safeEqual } from '../lib/crypto';
import { ApiError, errors } from '../lib/errors';
import { parse } from '../lib/validation';
import { channelSignature } from './pusher-server';

const authSchema = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, 'Identificatorul conexiunii nu este valid.'),
  channel_name: z.string().min(1).max(200),
});

const eventSchema = z.object({
  name: z.string().min(1).max(200),
  data: z.string().max(10 * 1024),
  channels: z.array(z.string().min(1).max(200)).min(1).max(100).optional(),
  channel: z.string().min(1).max(200).optional(),
  socket_id: z.string().optional(),
});

/** How long a channel authorisation waits for its socket's subscribe (pusher-js subscribes right after). */
export const GRANT_TTL_MS = 10 * 60 * 1000;

function unauthorized(message: string) {
  return new ApiError(401, 'invalid_signature', message, 'Semnătura cererii nu este validă.');
}

export function registerRealtimeRoutes(app: FastifyInstance, ctx: AppContext) {
  const { appId, key, secret } = ctx.config.pusher;

  app.post('/pusher/auth', async (req, reply) => {
    const { user, session } = requireAuth(ctx, req);
    const body = parse(authSchema, req.body);
    if (body.channel_name !== `private-user.${user.id}`) throw errors.forbidden('Nu aveți acces la acest canal.');
    // The subscription will name this session (the socket may be held by another process: the row is the message),
    // and stop when the session ends. A grant not taken within GRANT_TTL_MS is void (the subscribe reads only newer
    // ones: server.ts) and deleted by the retention job (modules/retention/service.ts), not by this request.
    const now = ctx.clock.now();
    ctx.db
      .prepare('INSERT OR REPLACE INTO realtime_grants (socket_id, channel, session_id, created_at) VALUES (?, ?, ?, ?)')
      .run(body.socket_id, body.channel_name, session.id, now.toISOString());
    const auth = `${key}:${channelSignature(secret, body.socket_id, body.channel_name)}`;
    // pusher-js reads `auth` at the top level; `data.auth` keeps the API's envelope.
    return reply.send({ auth, data: { auth } });
  });

  /** Verifies the `pusher` SDK's request signature (auth_version 1.0). */
  const verifySigned = (path: string, query: Record<string, string>, rawBody: string, now: Date) => {
    if (query.auth_key !== key) throw unauthorized('Unknown auth_key');
    const ts = Number(query.auth_timestamp);
    if (!Number.isFinite(ts) || Math.abs(now.getTime() / 1000 - ts) > 600) throw unauthorized('Timestamp expired');
    if (query.body_md5 !== createHash('md5').update(rawBody).digest('hex')) throw unauthorized('Invalid body_md5');
    const signed = Object.keys(query)
      .filter((k) => k !== 'auth_signature')
      .sort()
      .map((k) => `${k.toLowerCase()}=${query[k]}`)
      .join('&');
    const expected = hmacHex(secret, `POST\n${path}\n${signed}`);
    if (!safeEqual(String(query.auth_signature ?? ''), expected)) throw unauthorized('Invalid signature');
  };

  const publish = (e: z.infer<typeof eventSchema>) => {
    const channels = e.channels ?? (e.channel ? [e.channel] : []);
    if (channels.length === 0) throw new ApiError(400, 'bad_request', 'Missing channels', 'Lipsesc canalele.');
    for (const channel of channels) ctx.realtime.publish(channel, e.name, e.data, e.socket_id);
  };

  app.post('/apps/:app_id/events', async (req, reply) => {
    const { app_id } = req.params as { app_id: string };
    if (app_id !== appId) throw errors.notFound('App', 'Aplicația nu există.');
    verifySigned(`/apps/${app_id}/events`, req.query as Record<string, string>, req.rawBody ?? '', new Date());
    publish(parse(eventSchema, req.body));
    return reply.send({});
  });

  app.post('/apps/:app_id/batch_events', async (req, reply) => {
    const { app_id } = req.params as { app_id: string };
    if (app_id !== appId) throw errors.notFound('App', 'Aplicația nu există.');
    verifySigned(`/apps/${app_id}/batch_events`, req.query as Record<string, string>, req.rawBody ?? '', new Date());
    const { batch } = parse(z.object({ batch: z.array(eventSchema).min(1).max(10) }), req.body);
    batch.forEach(publish);
    return reply.send({ batch: batch.map(() => ({})) });
  });
}
