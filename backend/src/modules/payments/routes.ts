import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireAuth } from '../../lib/auth';
import { safeEqual } from '../../lib/crypto';
import { ApiError, errors, fieldError } from '../../lib/errors';
import { routedPath, sendData } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { idParam, parse } from '../../lib/validation';
import { M } from '../../../../contract/fields';
import { orderNumber } from '../../db/seed';
import { formatLeiFromBani } from '../../../../contract/money';
import { findOrder, findOwnOrder, serializeOrder } from '../orders/service';
import { isAvailable, productRow } from '../products/service';
import { findQuote } from '../quotes/service';
import { checkoutExpired, checkoutSignature, decide, ipnSignature, processorTransaction } from './processor';
import { findPayment, settlePayment, type PaymentRow } from './service';
import { STATIC_SECURITY_HEADERS } from '../../../../lib/proxy/security-headers';

const createSchema = z.object({ return_url: z.string({ error: M.required }).max(2000).pipe(z.url({ error: 'Adresa de întoarcere nu este validă.' })) });
const paymentParam = z.object({ payment_id: z.uuid() });
const signatureQuery = z.object({ signature: z.string().max(200).default('') });
const ipnSchema = z.object({
  payment_id: z.string().max(100),
  status: z.enum(['confirmed', 'declined']),
  amount_bani: z.number().int().nonnegative(),
  signature: z.string().max(200),
});

const QUOTE_EXPIRED_FOR_PAYMENT = 'Oferta acestei comenzi a expirat. Calculați din nou prețul și plasați o comandă nouă.';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ro"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;padding:2rem 1rem;color:#111}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{color:#555}dd{margin:0;font-weight:600}.amount{font-size:1.5rem}form{display:inline}
button{font-size:1rem;padding:.75rem 1.25rem;border-radius:8px;border:0;cursor:pointer;margin-right:.5rem}
.pay{background:#15803d;color:#fff}.decline{background:#e5e7eb;color:#111}.note{color:#555;font-size:.85rem;margin-top:1.5rem}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * Security headers of the processor's pages, the same as the shop's (lib/proxy/security-headers.ts): no script
 * at all, inline styles only, framing refused, forms posting to the page itself and redirecting to the shop.
 */
export function processorSecurityHeaders(webOrigin: string): Record<string, string> {
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action 'self' ${webOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    ...Object.fromEntries(STATIC_SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value])),
  };
}

export function registerPayments(app: FastifyInstance, ctx: AppContext) {
  const secret = ctx.config.paymentSigningSecret;
  const webOrigin = new URL(ctx.config.webAppUrl).origin;
  const pageHeaders = processorSecurityHeaders(webOrigin);
  app.addHook('onSend', async (req, reply) => {
    if (routedPath(req).startsWith('/payment-processor/')) reply.headers(pageHeaders);
  });
  /**
   * The processor sends the browser back to the web app's `/thank-you` only (the contract's return address, no
   * credentials): the same origin alone let a payment's creator pick any path of the shop (`//other.host/…`,
   * pages with redirects of their own) for whoever opens the checkout link.
   */
  const isThankYouUrl = (raw: string) => {
    const url = new URL(raw);
    return url.origin === webOrigin && url.pathname === '/thank-you' && !url.username && !url.password;
  };
  const brokerName = () =>
    (JSON.parse(ctx.db.prepare("SELECT value FROM settings WHERE key = 'broker'").pluck().get() as string) as { name: string }).name;

  app.post('/api/v1/orders/:id/payments', async (req, reply) => {
    const { user } = requireAuth(ctx, req);
    const { id } = parse(idParam, req.params);
    const body = parse(createSchema, req.body);
    if (!isThankYouUrl(body.return_url)) throw fieldError('return_url', 'Adresa de întoarcere nu este permisă.');
    return idempotentWrite(
      ctx, req, reply, 201,
      () => {
        const order = findOwnOrder(ctx, user.id, id);
        if (!order) throw errors.notFound('Order', 'Comanda nu există.');
        if (order.status === 'paid') throw errors.conflict('order_already_paid', 'Order already paid.', 'Comanda este deja plătită.');
        if (order.status === 'cancelled') throw errors.conflict('order_cancelled', 'Order cancelled.', 'Comanda a fost anulată.');
        const at = ctx.clock.now().toISOString();
        // The order holds its quote's price and rules only while the quote is valid: paid later, it would buy
        // cover at an old tariff or bonus-malus class, or tires no longer new. A checkout started in time is
        // still honoured when its confirmation comes after the quote's end (settlePayment).
        const quote = findQuote(ctx, order.quote_id);
        if (!quote || quote.expires_at <= at) throw fieldError('quote_id', QUOTE_EXPIRED_FOR_PAYMENT);
        // Ops switch a product off to stop its sales (an insurer outage, a wrong tariff): no new checkout for it
        // either, with order creation's refusal. The order stays payable once the product is back (quote still
        // valid). A checkout started before is left alone (its pending payment is not cancelled here) and the
        // processor's confirmation of money taken is always settled (settlePayment).
        const product = productRow(ctx, order.product_code);
        if (!product || !isAvailable(product, ctx.site.productStatus())) throw errors.productUnavailable();
        ctx.db.prepare("UPDATE payments SET status = 'cancelled', updated_at = ? WHERE order_id = ? AND status = 'pending'").run(at, order.id);
        const paymentId = randomUUID();
        ctx.db
          .prepare("INSERT INTO payments (id, order_id, amount_bani, status, return_url, created_at, updated_at) VALUES (?, ?, ?, 'pending', ?, ?, ?)")
          .run(paymentId, order.id, order.amount_bani, body.return_url, at, at);
        if (order.status !== 'awaiting_payment') {
          ctx.db.prepare("UPDATE orders SET status = 'awaiting_payment', updated_at = ? WHERE id = ?").run(at, order.id);
          ctx.realtime.publish(`private-user.${user.id}`, 'order.updated', serializeOrder(ctx, findOrder(ctx, order.id)!));
        }
        return {
          payment_id: paymentId,
          redirect_url: `${ctx.publicUrl()}/payment-processor/checkout/${paymentId}?signature=${checkoutSignature(secret, paymentId)}`,
        };
      },
    );
  });

  // ── Simulated payment processor (a separate "site" on this server; processor.ts) ──
  const checkPaymentLink = (reply: FastifyReply, paymentId: string, signature: string): PaymentRow | null => {
    const payment = findPayment(ctx, paymentId);
    if (!payment || !safeEqual(signature, checkoutSignature(secret, paymentId))) {
      reply.code(403).type('text/html; charset=utf-8').send(page('Plată invalidă', '<h1>Linkul de plată nu este valid.</h1>'));
      return null;
    }
    return payment;
  };
  const backToShop = (payment: PaymentRow) => {
    const back = new URL(payment.return_url);
    back.searchParams.set('order_id', String(payment.order_id));
    back.searchParams.set('payment_id', payment.id);
    return back.toString();
  };
  // A payment confirmed or declined here was answered at the processor (databases older than its own record).
  const decidedHere = (payment: PaymentRow) => payment.status === 'confirmed' || payment.status === 'declined';
  const isOpen = (payment: PaymentRow) => !processorTransaction(ctx, payment.id) && !decidedHere(payment) && !checkoutExpired(ctx, payment.created_at);
  /** The processor's own view: answered already, or left unanswered past its lifetime. */
  const closedPage = (reply: FastifyReply, payment: PaymentRow) => {
    const expired = !processorTransaction(ctx, payment.id) && !decidedHere(payment);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(
      expired
        ? page('Plată expirată', `<h1>Sesiunea de plată a expirat.</h1><p><a href="${esc(backToShop(payment))}">Înapoi la magazin</a></p>`)
        : page('Plată procesată', `<h1>Această plată a fost deja procesată.</h1><p><a href="${esc(backToShop(payment))}">Înapoi la magazin</a></p>`),
    );
  };


  app.get('/payment-processor/checkout/:payment_id', async (req, reply) => {
    const params = paymentParam.safeParse(req.params);
    const query = signatureQuery.safeParse(req.query);
    if (!params.success || !query.success) {
      return reply.code(404).type('text/html; charset=utf-8').send(page('Plată inexistentă', '<h1>Plata nu există.</h1>'));
    }
    const payment = checkPaymentLink(reply, params.data.payment_id, query.data.signature);
    if (!payment) return reply;
    if (!isOpen(payment)) return closedPage(reply, payment);
    const order = findOrder(ctx, payment.order_id)!;
    const product = productRow(ctx, order.product_code);
    const sig = esc(query.data.signature);
    const base = `/payment-processor/checkout/${payment.id}`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(
      page('Plată cu cardul', `<h1>Plată securizată cu cardul</h1><dl>
<dt>Comerciant</dt><dd>${esc(brokerName())}</dd>
<dt>Comanda</dt><dd>${esc(orderNumber(order.id, order.created_at))}</dd>
<dt>Produs</dt><dd>${esc(product?.name ?? order.product_code)}</dd>
<dt>Sumă de plată</dt><dd class="amount" data-testid="amount">${esc(formatLeiFromBani(payment.amount_bani))}</dd></dl>
<form method="post" action="${base}/confirm"><input type="hidden" name="signature" value="${sig}"><button class="pay" type="submit">Plătește</button></form>
<form method="post" action="${base}/decline"><input type="hidden" name="signature" value="${sig}"><button class="decline" type="submit">Refuză</button></form>
<p class="note">Procesator de plăți simulat (mediu de dezvoltare). Nu introduceți date reale de card.</p>`),
    );
  });

  for (const action of ['confirm', 'decline'] as const) {
    app.post(`/payment-processor/checkout/:payment_id/${action}`, async (req, reply) => {
      const params = paymentParam.safeParse(req.params);
      const body = signatureQuery.safeParse(req.body ?? {});
      if (!params.success || !body.success) {
        return reply.code(404).type('text/html; charset=utf-8').send(page('Plată inexistentă', '<h1>Plata nu există.</h1>'));
      }
      const payment = checkPaymentLink(reply, params.data.payment_id, body.data.signature);
      if (!payment) return reply;
      // The processor answers a checkout once; the merchant hears it by IPN (retried until acknowledged).
      if (!isOpen(payment)) return closedPage(reply, payment);
      const status = await decide(ctx, payment.id, payment.amount_bani, action === 'confirm' ? 'confirmed' : 'declined');
      if (status !== 200) ctx.log.warn({ payment: payment.id, status }, 'IPN not acknowledged at once; the processor retries');
      return reply.code(303).header('location', backToShop(payment)).send();
    });
  }

  // ── IPN: the processor's signed notification; the only way a payment is confirmed besides reconciliation ──
  app.post('/api/v1/payments/ipn', async (req, reply) => {
    const body = parse(ipnSchema, req.body);
    const expected = ipnSignature(secret, body.payment_id, body.status, body.amount_bani);
    if (!safeEqual(body.signature, expected)) {
      throw new ApiError(403, 'invalid_signature', 'Invalid IPN signature.', 'Semnătura notificării de plată nu este validă.');
    }
    // Every signed notification is recorded and acknowledged with 200 (so the processor stops retrying); what it
    // did is in `outcome`. A charge is never refused: it pays the order or becomes a refund to make.
    return sendData(reply, settlePayment(ctx, body.payment_id, body.status, body.amount_bani, 'ipn'));
  });
}
