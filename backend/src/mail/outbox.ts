import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { backoffMs } from '../lib/worker';
import { findInvoiceOfOrder, invoicePdf } from '../modules/invoices/service';
import { isVignette, policyPdf, type PolicyRow } from '../modules/policies/service';
import { SentButNotMarkedError, type Mail } from './mailer';

/**
 * Transactional mail outbox (backend/README.md "Mail outbox"). A write queues its mail with `queueMail`
 * inside its own transaction, so the mail exists exactly when the change does; the outbox worker delivers
 * it after the commit, retrying with backoff, and a server that was killed catches up when it starts again.
 */

/** Attachments are described, not stored: the policy and invoice PDFs are rendered when the mail is delivered. */
export type QueuedAttachment = { kind: 'policy_pdf'; policy_id: number } | { kind: 'invoice_pdf'; order_id: number };

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: QueuedAttachment[];
}

interface QueueRow {
  id: number;
  message_id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: string;
  attempts: number;
  next_attempt_at: string;
}

/** Retry delays of a failed delivery, in seconds (the last one repeats): 5 s, 30 s, 2 min, 10 min, then hourly. */
export const MAIL_RETRY_SCHEDULE_S = [5, 30, 120, 600, 3600] as const;
/** A claimed message is retried after this long if its delivery never finished (a crash mid-send). */
const LEASE_MS = 2 * 60_000;
const BATCH = 20;

/**
 * Messages the SMTP server accepted whose `sent` mark could not be written (SentButNotMarkedError), by queue row id,
 * with the time they were sent: marked at the start of every run until the database takes it. Their claim lease
 * keeps other runs off them meanwhile; only a crash before the mark sends one again (same Message-ID).
 */
const unmarked = new WeakMap<AppContext, Map<number, string>>();

function unmarkedOf(ctx: AppContext): Map<number, string> {
  let map = unmarked.get(ctx);
  if (!map) unmarked.set(ctx, (map = new Map()));
  return map;
}

const MARK_SENT = "UPDATE mail_queue SET status = 'sent', sent_at = ?, text = '', html = NULL, last_error = NULL WHERE id = ?";

/** Writes the marks left over from an earlier run; false when the database still refuses them. */
function markLeftOvers(ctx: AppContext): boolean {
  const pending = unmarkedOf(ctx);
  for (const [id, sentAt] of pending) {
    try {
      ctx.db.prepare(MARK_SENT).run(sentAt, id);
      pending.delete(id);
    } catch (err) {
      ctx.log.warn({ err, queueId: id }, 'marking a sent mail still fails; will retry');
      return false;
    }
  }
  return true;
}

/** Queues a mail in the current transaction (throws outside one) and wakes the worker for after the commit. */
export function queueMail(ctx: AppContext, mail: QueuedMail): string {
  if (!ctx.db.inTransaction) throw new Error('queueMail must run inside the write transaction');
  const messageId = randomUUID();
  const at = ctx.clock.now().toISOString();
  ctx.db
    .prepare(
      `INSERT INTO mail_queue (message_id, to_address, subject, text, html, attachments, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(messageId, mail.to.trim().toLowerCase(), mail.subject, mail.text, mail.html ?? null, JSON.stringify(mail.attachments ?? []), at, at);
  ctx.workers.mail.kick();
  return messageId;
}

async function resolveAttachments(ctx: AppContext, list: QueuedAttachment[]): Promise<NonNullable<Mail['attachments']>> {
  const out: NonNullable<Mail['attachments']> = [];
  for (const a of list) {
    if (a.kind === 'invoice_pdf') {
      const invoice = findInvoiceOfOrder(ctx.db, a.order_id);
      if (!invoice) throw new Error(`the invoice of order ${a.order_id} of a queued mail does not exist`);
      out.push({ filename: `factura-${invoice.number}.pdf`, content: await invoicePdf(invoice), contentType: 'application/pdf' });
      continue;
    }
    const policy = ctx.db.prepare('SELECT * FROM policies WHERE id = ?').get(a.policy_id) as PolicyRow | undefined;
    if (!policy) throw new Error(`policy ${a.policy_id} of a queued mail does not exist`);
    out.push({ filename: `${isVignette(policy.product_code) ? 'vigneta' : 'polita'}-${policy.number}.pdf`, content: await policyPdf(ctx, policy), contentType: 'application/pdf' });
  }
  return out;
}

/**
 * Claims the due messages (a lease, so another run or process skips them) and delivers them; returns how many were
 * sent. Each message's lease is renewed just before its own delivery, and a message whose lease was lost meanwhile
 * (the batch took longer than a lease: a slow transport, and another process claimed it) is skipped: a batch of 20
 * at up to ~50 s each outlasts one 2-minute lease, and its tail would otherwise be sent by both processes. When
 * `signal` aborts (the server stops), the batch ends after the delivery in progress and gives the messages it has
 * not tried back, due at once, for the next start.
 */
export async function deliverDueMail(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  if (!markLeftOvers(ctx)) return 0;
  const now = ctx.clock.now();
  // Nothing due (the usual case, every second): a plain read, no write lock taken. A locked database would
  // otherwise hold the event loop for the busy timeout at every run.
  if (!ctx.db.prepare("SELECT 1 FROM mail_queue WHERE status = 'pending' AND next_attempt_at <= ? LIMIT 1").get(now.toISOString())) return 0;
  const claimed = ctx.db
    .transaction(() => {
      const rows = ctx.db
        .prepare("SELECT * FROM mail_queue WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT ?")
        .all(now.toISOString(), BATCH) as QueueRow[];
      const lease = new Date(now.getTime() + LEASE_MS).toISOString();
      const claim = ctx.db.prepare('UPDATE mail_queue SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ? AND next_attempt_at = ?');
      return rows.filter((r) => claim.run(lease, r.id, r.next_attempt_at).changes === 1).map((r) => ({ ...r, attempts: r.attempts + 1, next_attempt_at: lease }));
    })
    .immediate();
  const renew = ctx.db.prepare("UPDATE mail_queue SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at = ?");
  const giveBack = ctx.db.prepare(
    "UPDATE mail_queue SET next_attempt_at = ?, attempts = attempts - 1 WHERE id = ? AND status = 'pending' AND next_attempt_at = ?",
  );
  let sent = 0;
  for (const [index, row] of claimed.entries()) {
    if (signal?.aborted) {
      const at = ctx.clock.now().toISOString();
      for (const rest of claimed.slice(index)) giveBack.run(at, rest.id, rest.next_attempt_at);
      break;
    }
    const lease = new Date(ctx.clock.now().getTime() + LEASE_MS).toISOString();
    if (renew.run(lease, row.id, row.next_attempt_at).changes !== 1) continue; // claimed by another run since
    row.next_attempt_at = lease;
    try {
      const mail: Mail = {
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        attachments: await resolveAttachments(ctx, JSON.parse(row.attachments) as QueuedAttachment[]),
      };
      await ctx.mailer.deliver(mail, row.message_id, () => {
        // Delivered: the body (generated passwords, codes) is not kept in the queue.
        ctx.db.prepare(MARK_SENT).run(ctx.clock.now().toISOString(), row.id);
      });
      sent += 1;
    } catch (err) {
      if (err instanceof SentButNotMarkedError) {
        // It went out: never a second time. The mark is written at the next run that gets the database.
        unmarkedOf(ctx).set(row.id, ctx.clock.now().toISOString());
        ctx.log.warn({ err, messageId: row.message_id }, 'mail sent, but marking it sent failed; will mark it later');
        sent += 1;
        continue;
      }
      const next = new Date(ctx.clock.now().getTime() + backoffMs(MAIL_RETRY_SCHEDULE_S, row.attempts)).toISOString();
      ctx.db.prepare('UPDATE mail_queue SET next_attempt_at = ?, last_error = ? WHERE id = ?').run(next, String((err as Error)?.message ?? err).slice(0, 500), row.id);
      ctx.log.warn({ err, messageId: row.message_id, attempt: row.attempts, next }, 'mail delivery failed; will retry');
    }
  }
  return sent;
}
