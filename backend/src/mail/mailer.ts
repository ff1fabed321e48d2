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

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise the message is rendered by nodemailer's JSON transport and
 * stored in the `outbox` table (read it at GET /dev/outbox).
 */
export function createMailer(opts: { smtpUrl: string; from: string; db: DB; clock: Clock; log: FastifyBaseLogger }): Mailer {
  // nodemailer is loaded on the first mail (keeps the idle process small).
  let transports: Promise<{ smtp: Transporter | null; json: Transporter }> | null = null;
  const load = () =>
    (transports ??= import('nodemailer').then(({ default: nodemailer }) => ({
      smtp: opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null,
      json: nodemailer.createTransport({ jsonTransport: true }),
    })));
  const insert = opts.db.prepare(
    'INSERT INTO outbox (to_address, subject, text, html, attachments, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return {
    async send(mail) {
      const { smtp, json } = await load();
      const message = { from: opts.from, ...mail };
      if (smtp) {
        await smtp.sendMail(message);
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
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
      insert.run(
        (rendered.to?.[0]?.address ?? mail.to).toLowerCase(),
        rendered.subject,
        rendered.text ?? '',
        rendered.html ?? null,
        JSON.stringify(attachments),
        opts.clock.now().toISOString(),
      );
    },
    close() {
      void transports?.then(({ smtp, json }) => {
        smtp?.close();
        json.close();
      });
    },
  };
}
