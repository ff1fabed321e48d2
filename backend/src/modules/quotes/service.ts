import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { errors, fieldError, validationError } from '../../lib/errors';
import { parse } from '../../lib/validation';
import { isAvailable, productRow } from '../products/service';
import { quoteHouse, quoteRca, quoteTire, quoteTravel, quoteVignette, renewedPolicy, type Renewed } from './engine';
import { findCompany, findPartner } from '../registry/service';
import type { Offer, ProductCode, Quote } from '../../../../contract/types';
import { houseInput, huVignetteInput, rcaInput, roVignetteInput, tireInput, travelInput, type RcaInput } from '../../../../contract/quotes';

export const QUOTE_TTL_MS = 24 * 3600 * 1000;

interface QuoteRow {
  id: string;
  product_code: ProductCode;
  partner_code: string | null;
  input: string;
  offers: string;
  created_at: string;
  expires_at: string;
}

/** Validates the product's input (messages keyed relative to `input`) and prices it. */
export function priceInput(ctx: AppContext, product: ProductCode, raw: unknown, userId: number | null = null): { input: Record<string, unknown>; offers: Offer[] } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw fieldError('input', 'Datele pentru ofertă lipsesc.');
  switch (product) {
    case 'rca': {
      const parsed = withCompanyNames(ctx, parse(rcaInput, raw));
      const renewed = renewedPolicy(ctx, product, parsed, userId);
      const input = withRenewal(parsed, renewed);
      return { input, offers: quoteRca(ctx, input, renewed) };
    }
    case 'travel': {
      const input = parse(travelInput, raw);
      return { input, offers: quoteTravel(ctx, input) };
    }
    case 'house-insurance': {
      const parsed = parse(houseInput, raw);
      const renewed = renewedPolicy(ctx, product, parsed, userId);
      const input = withRenewal(parsed, renewed);
      return { input, offers: quoteHouse(ctx, input, renewed) };
    }
    case 'ro-vignette': {
      const input = parse(roVignetteInput, raw);
      return { input, offers: quoteVignette(ctx, product, input) };
    }
    case 'hu-vignette': {
      const input = parse(huVignetteInput, raw);
      return { input, offers: quoteVignette(ctx, product, input) };
    }
    default: {
      const parsed = parse(tireInput, raw);
      const renewed = renewedPolicy(ctx, product, parsed, userId);
      const input = withRenewal(parsed, renewed);
      return { input, offers: quoteTire(ctx, product, input, renewed) };
    }
  }
}

/**
 * The stored input of a renewal names the renewed policy (`renewal_of`, which the order checks belongs to the
 * buyer) and never keeps the reminder's token (quotes are readable by id).
 */
function withRenewal<T extends { renewal_of?: number | null; renewal_token?: string | null }>(input: T, renewed: Renewed | null): T {
  const { renewal_token: _token, renewal_of: _of, ...rest } = input;
  void _token;
  void _of;
  return (renewed ? { ...rest, renewal_of: renewed.id } : rest) as T;
}

/** Company owners and users named from the company register when the caller gave no name; a company must be named. */
function withCompanyNames(ctx: AppContext, input: RcaInput): RcaInput {
  const fields: Record<string, string[]> = {};
  const named = <T extends { type: string; cui?: string; name?: string | null }>(party: T, field: string): T => {
    if (party.type !== 'company' || party.name) return party;
    const company = findCompany(ctx, party.cui!);
    if (!company) fields[field] = ['Nu am găsit firma în registru. Introduceți denumirea firmei.'];
    return { ...party, name: company?.name ?? null };
  };
  const out = { ...input, owner: named(input.owner, 'owner.name'), user: input.user ? named(input.user, 'user.name') : null };
  if (Object.keys(fields).length) throw validationError(fields);
  return out;
}

/**
 * A quote no order uses is kept this long after it expired; past it, it reads as gone (findQuote) and the retention
 * job deletes it (modules/retention/service.ts): anyone may ask for quotes, so the table must not keep every one.
 * Nothing reads an unused quote once it expired: the web app never asks for a quote by id (it keeps the quote it got
 * in the tab), and an order on it is refused either way, "expired" within the keep, "gone or expired" after it
 * (orders/routes.ts), both answered with the offer to price again. An hour (it was 7 days) leaves the exact word for
 * an order sent just after the expiry. An order's quote stays (the order and its policy refer to it).
 */
export const QUOTE_KEEP_AFTER_EXPIRY_MS = 3600 * 1000;

/**
 * Quotes above the cap one account may hold at once (unused, not expired): the room between the cap and the ceiling is
 * for every customer past the second factor, and one account is cheap to make (a registration and an authenticator).
 */
export const QUOTES_ABOVE_CAP_PER_ACCOUNT = 20;

/** Expired unused quotes deleted by a quote call that finds the cap reached: a few index steps, one transaction. */
export const QUOTE_MAKE_ROOM_BATCH = 16;

const unusedQuotes = (ctx: AppContext) =>
  (ctx.db.prepare('SELECT unused FROM quote_counts WHERE id = 1').pluck().get() as number | undefined) ?? 0;

/**
 * The bound on stored quotes no order uses (backend/README.md "Quote storage bound"), first half: at the cap, the
 * oldest unused quotes past their validity make room, QUOTE_MAKE_ROOM_BATCH of them (never one an order uses), in an
 * IMMEDIATE transaction of their own that commits whatever the quote call's outcome: inside the call's transaction a
 * refusal would roll the delete back with it, and a count more than a batch above the cap (sessions past the second
 * factor went up to the ceiling) would never come down before the retention job. Below the cap: one read, no lock.
 */
export function makeRoomForQuote(ctx: AppContext): void {
  if (unusedQuotes(ctx) < ctx.config.quotes.maxUnused) return;
  ctx.db
    .transaction(() => {
      if (unusedQuotes(ctx) < ctx.config.quotes.maxUnused) return;
      ctx.db
        .prepare(
          `DELETE FROM quotes WHERE rowid IN (
             SELECT rowid FROM quotes INDEXED BY quotes_unused_expires
             WHERE ordered = 0 AND expires_at < ? AND NOT EXISTS (SELECT 1 FROM orders WHERE orders.quote_id = quotes.id)
             ORDER BY expires_at LIMIT ?)`,
        )
        .run(ctx.clock.now().toISOString(), QUOTE_MAKE_ROOM_BATCH);
    })
    .immediate();
}

/**
 * The bound's second half, in the insert's IMMEDIATE transaction against the count migration 20's triggers keep
 * (`quote_counts`), so it holds across every process sharing the database: anyone may ask for quotes, and a flood of
 * them from many addresses (IPv6 ranges are cheap, customers share addresses) must not fill the disk, where every
 * write would be refused, orders and payment notifications among them. Below the cap: admitted (null). At it, an
 * account whose session passed the second factor (`trustedUserId`) still up to the ceiling (5% above), but at most
 * QUOTES_ABOVE_CAP_PER_ACCOUNT unexpired unused quotes of its own there (its id, returned, marks the quote): such an
 * account costs a registration and an authenticator (a captcha, no mailbox), so one of them must not take the room
 * every other customer has. Anyone else 503 `quotes_busy`, with Retry-After until a place can come free.
 */
function admitQuote(ctx: AppContext, trustedUserId: number | null): number | null {
  const { maxUnused, ceilingUnused } = ctx.config.quotes;
  const unused = unusedQuotes(ctx);
  if (unused < maxUnused) return null;
  const now = ctx.clock.now();
  let accountWait: string | null = null;
  if (trustedUserId !== null && unused < ceilingUnused) {
    const held = ctx.db
      .prepare('SELECT COUNT(*) AS n, MIN(expires_at) AS oldest FROM quotes WHERE above_cap_user_id = ? AND expires_at > ? AND ordered = 0')
      .get(trustedUserId, now.toISOString()) as { n: number; oldest: string | null };
    if (held.n < QUOTES_ABOVE_CAP_PER_ACCOUNT) return trustedUserId;
    // The account's share comes back as its oldest quote above the cap expires (or is ordered).
    accountWait = held.oldest;
  }
  // Nothing frees a place before the oldest unused quote expires (but an order on one).
  const oldest = ctx.db.prepare('SELECT MIN(expires_at) FROM quotes INDEXED BY quotes_unused_expires WHERE ordered = 0').pluck().get() as string | null;
  const first = [oldest, accountWait].filter((at): at is string => at !== null).sort()[0];
  const waitMs = first ? Date.parse(first) - now.getTime() : 60_000;
  throw errors.quotesBusy(Math.max(1, waitMs / 1000));
}

/**
 * Prices and stores a quote. `trustedUserId`: the caller's account, when its session passed the second factor
 * (admitQuote). The bound's check
 * and the insert are one IMMEDIATE transaction (a savepoint inside the route's idempotent write); the caller runs
 * makeRoomForQuote before it, outside any transaction.
 */
export function createQuote(
  ctx: AppContext,
  product: ProductCode,
  partnerCode: string | null,
  raw: unknown,
  userId: number | null = null,
  trustedUserId: number | null = null,
): Quote {
  const row = productRow(ctx, product);
  if (!row) throw validationError({ product_code: ['Produsul nu există.'] });
  if (!isAvailable(row, ctx.site.productStatus())) {
    throw errors.productUnavailable();
  }
  if (partnerCode && !findPartner(ctx, partnerCode)) throw fieldError('partner_code', 'Partenerul nu există.');
  const { input, offers } = priceInput(ctx, product, raw, userId);
  const now = ctx.clock.now();
  const quote: Quote = {
    id: randomUUID(),
    product_code: product,
    partner_code: partnerCode ? partnerCode.toLowerCase() : null,
    input,
    offers,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + QUOTE_TTL_MS).toISOString(),
  };
  ctx.db
    .transaction(() => {
      const aboveCapUserId = admitQuote(ctx, trustedUserId);
      ctx.db
        .prepare(
          'INSERT INTO quotes (id, product_code, partner_code, input, offers, created_at, expires_at, above_cap_user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(quote.id, product, quote.partner_code, JSON.stringify(input), JSON.stringify(offers), quote.created_at, quote.expires_at, aboveCapUserId);
    })
    .immediate();
  return quote;
}

/** A quote, unless it is past its keep and no order uses it (the retention job deletes those: it may not have yet). */
export function findQuote(ctx: AppContext, id: string): Quote | null {
  const keptSince = new Date(ctx.clock.now().getTime() - QUOTE_KEEP_AFTER_EXPIRY_MS).toISOString();
  const row = ctx.db
    .prepare('SELECT id, product_code, partner_code, input, offers, created_at, expires_at FROM quotes WHERE id = ? AND (expires_at >= ? OR EXISTS (SELECT 1 FROM orders WHERE orders.quote_id = quotes.id))')
    .get(id, keptSince) as QuoteRow | undefined;
  if (!row) return null;
  return { ...row, input: JSON.parse(row.input), offers: JSON.parse(row.offers) };
}
