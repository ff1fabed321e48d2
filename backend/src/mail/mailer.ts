import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/connection';
import type { Clock } from '../lib/clock';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/**
 * The transport the mail outbox worker (`mail/outbox.ts`) delivers through. Nothing else sends mail:
 * every mail is queued in the transaction of the change that causes it.
 */
export interface Mailer {
  /**
   * Delivers one message under its stable id and then calls `markSent` (a synchronous database write).
   * Stored outbox: the stored row and `markSent` are one transaction, and a second delivery of the same id
   * stores nothing. SMTP: the id is the message's Message-ID, so a redelivery after a crash between the
   * send and `markSent` is the same message.
   */
  deliver(mail: Mail, messageId: string, markSent: () => void): Promise<void>;
  close(): void;
}

/**
 * The message went out (the SMTP server accepted it) but `markSent` failed (the database was locked past its busy
 * timeout, or full): the outbox must record it as sent later, never send it again.
 */
export class SentButNotMarkedError extends Error {
  constructor(cause: unknown) {
    super('mail sent, but marking it sent failed', { cause });
    this.name = 'SentButNotMarkedError';
  }
}

/** RFC 5322 Message-ID of a queued message (the domain of MAIL_FROM, else broker.example). */
export function messageIdHeader(messageId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'broker.example';
  return `<${messageId}@${domain}>`;
}

/**
 * Bounds of every SMTP delivery, in ms (nodemailer's own defaults are 2 min to connect and 10 min of socket
 * silence): a delivery that hangs ends well inside the outbox's claim lease (2 min, outbox.ts), so that no other
 * run claims the message while it may still be sent, and a drain on SIGTERM is not held by a dead mail server.
 * Parameters of SMTP_URL (`?socketTimeout=…`) still win.
 */
export const SMTP_TIMEOUTS = { dnsTimeout: 10_000, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP when SMTP_URL is set; otherwise the message is rendered by nodemailer's JSON transport and
 * stored in the `outbox` table (read it at GET /dev/outbox).
 */
export function createMailer(opts: { smtpUrl: string; from: string; db: DB; clock: Clock; log: FastifyBaseLogger }): Mailer {
  // nodemailer is loaded on the first mail (keeps the idle process small).
  let transports: Promise<{ smtp: Transporter | null; json: Transporter }> | null = null;
  const load = () =>
    (transports ??= import('nodemailer').then(({ default: nodemailer }) => ({
      smtp: opts.smtpUrl ? nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: opts.smtpUrl }) : null,
      json: nodemailer.createTransport({ jsonTransport: true }),
    })));
  const insert = opts.db.prepare(
    `INSERT INTO outbox (message_id, to_address, subject, text, html, attachments, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (message_id) DO NOTHING`,
  );
  return {
    async deliver(mail, messageId, markSent) {
      const { smtp, json } = await load();
      const message = { from: opts.from, ...mail, messageId: messageIdHeader(messageId, opts.from) };
      if (smtp) {
        await smtp.sendMail(message);
        try {
          markSent();
        } catch (err) {
          throw new SentButNotMarkedError(err);
        }
        opts.log.info({ to: mail.to, subject: mail.subject, messageId }, 'mail sent');
        return;
      }
      const info = await json.sendMail(message);
      const rendered = JSON.parse(String(info.message)) as {
        to?: { address: string }[];
        subject: string;
        text?: string;
        html?: string;
        attachments?: { filename?: string; contentType?: string; content?: string }[];
      };
      const attachments = (rendered.attachments ?? []).map((a) => ({
        filename: a.filename ?? '',
        content_type: a.contentType ?? '',
        size: a.content ? Buffer.from(a.content, 'base64').length : 0,
      }));
      opts.db
        .transaction(() => {
          insert.run(
            messageId,
            (rendered.to?.[0]?.address ?? mail.to).toLowerCase(),
            rendered.subject,
            rendered.text ?? '',
            rendered.html ?? null,
            JSON.stringify(attachments),
            opts.clock.now().toISOString(),
          );
          markSent();
        })
        .immediate();
    },
    close() {
      void transports?.then(({ smtp, json }) => {
        smtp?.close();
        json.close();
      });
    },
  };
}
