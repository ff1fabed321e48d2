import type { FastifyInstance } from 'fastify';
import type { DateLocaleCode } from '../../../../contract/locales';
import type { AppContext } from '../../context';
import { findUser, idleTooLong, requireAuth, type SessionRow, type UserRow } from '../../lib/auth';
import { errors } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { idParam, parse } from '../../lib/validation';
import { preferencesBody, profileBody } from '../../../../contract/account';

const DEFAULT_PREFERENCES = {
  is_dark_theme: null as boolean | null,
  marketing_email: false,
  marketing_sms: false,
  notify_expiry_email: true,
  notify_expiry_sms: false,
  date_locale: 'ro' as DateLocaleCode,
};

function profile(u: UserRow) {
  return {
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    phone_number: u.phone_number,
    address: u.address ? JSON.parse(u.address) : null,
  };
}

function preferences(u: UserRow) {
  return { ...DEFAULT_PREFERENCES, ...(u.preferences ? JSON.parse(u.preferences) : {}) };
}

export function registerAccount(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/v1/profile', async (req, reply) => sendData(reply, profile(requireAuth(ctx, req).user)));

  app.put('/api/v1/profile', async (req, reply) => {
    const { user } = requireAuth(ctx, req);
    const body = parse(profileBody, req.body);
    return idempotentWrite(ctx, req, reply, 200, () => {
      ctx.db
        .prepare('UPDATE users SET first_name = ?, last_name = ?, phone_number = ?, address = ?, updated_at = ? WHERE id = ?')
        .run(body.first_name, body.last_name, body.phone_number, body.address ? JSON.stringify(body.address) : null,
          ctx.clock.now().toISOString(), user.id);
      return profile(findUser(ctx, user.id));
    });
  });

  app.get('/api/v1/preferences', async (req, reply) => sendData(reply, preferences(requireAuth(ctx, req).user)));

  app.put('/api/v1/preferences', async (req, reply) => {
    const { user } = requireAuth(ctx, req);
    const body = parse(preferencesBody, req.body);
    return idempotentWrite(ctx, req, reply, 200, () => {
      const next = { ...preferences(findUser(ctx, user.id)) };
      for (const [k, v] of Object.entries(body)) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
      ctx.db.prepare('UPDATE users SET preferences = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(next), ctx.clock.now().toISOString(), user.id);
      return next;
    });
  });

  app.get('/api/v1/sessions', async (req, reply) => {
    const { user, session } = requireAuth(ctx, req);
    const rows = ctx.db
      .prepare('SELECT * FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY last_used_at DESC, id DESC')
      .all(user.id, ctx.clock.now().toISOString()) as SessionRow[];
    // Sessions left idle past the limit are over (lib/auth.ts), not "other devices" still signed in.
    const live = rows.filter((s) => s.id === session.id || !idleTooLong(ctx, s));
    return sendData(
      reply,
      live.map((s) => ({
        id: s.id, user_agent: s.user_agent, ip: s.ip, created_at: s.created_at, last_used_at: s.last_used_at, is_current: s.id === session.id,
      })),
    );
  });

  app.delete('/api/v1/sessions/:id', async (req, reply) => {
    const { user } = requireAuth(ctx, req);
    const { id } = parse(idParam, req.params);
    return idempotentWrite(ctx, req, reply, 200, () => {
      const r = ctx.db
        .prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL')
        .run(ctx.clock.now().toISOString(), id, user.id);
      if (r.changes === 0) throw errors.notFound('Session', 'Sesiunea nu există.');
      return { revoked: r.changes };
    });
  });

  app.post('/api/v1/sessions/revoke-others', async (req, reply) => {
    const { user, session } = requireAuth(ctx, req);
    return idempotentWrite(ctx, req, reply, 200, () => {
      const r = ctx.db
        .prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id != ? AND revoked_at IS NULL')
        .run(ctx.clock.now().toISOString(), user.id, session.id);
      return { revoked: r.changes };
    });
  });
}
