import { describe, expect, it } from 'vitest';
import { expiryLabel, groupPolicies, policyState } from '@/lib/policies/group';
import { renewalHref } from '@/contract/renewal';
import { isOfferExpired, isPayable, mergeOrder, payOrderHref, type Order } from '@/lib/api/orders';

const p = (id: number, starts_on: string, ends_on: string) => ({ id, starts_on, ends_on });

describe('policy state', () => {
  const today = '2026-03-10';
  it('is expired the day after it ends, expiring within 30 days, active beyond', () => {
    expect(policyState(p(1, '2025-03-10', '2026-03-09'), today)).toBe('expired');
    expect(policyState(p(1, '2025-03-11', '2026-03-10'), today)).toBe('expiring');
    expect(policyState(p(1, '2025-04-09', '2026-04-09'), today)).toBe('expiring');
    expect(policyState(p(1, '2025-04-10', '2026-04-10'), today)).toBe('active');
    expect(policyState(p(1, '2026-03-20', '2027-03-19'), today)).toBe('upcoming');
  });
});

describe('groupPolicies', () => {
  it('groups by the given Bucharest day: a policy ending the day before is expired', () => {
    const groups = groupPolicies([p(1, '2025-03-10', '2026-03-09'), p(2, '2026-01-01', '2026-12-31')], '2026-03-10');
    expect(groups.expired.map((x) => x.id)).toEqual([1]);
    expect(groups.active.map((x) => x.id)).toEqual([2]);
  });

  it('sorts expiring by soonest end and expired by most recent end; upcoming counts as active', () => {
    const groups = groupPolicies(
      [
        p(1, '2025-04-01', '2026-04-01'),
        p(2, '2025-03-20', '2026-03-20'),
        p(3, '2024-01-01', '2024-12-31'),
        p(4, '2025-01-01', '2025-12-31'),
        p(5, '2026-03-15', '2027-03-14'),
      ],
      '2026-03-10',
    );
    expect(groups.expiring.map((x) => x.id)).toEqual([2, 1]);
    expect(groups.expired.map((x) => x.id)).toEqual([4, 3]);
    expect(groups.active.map((x) => x.id)).toEqual([5]);
  });

  it('labels the time left in Romanian', () => {
    const today = '2026-03-10';
    expect(expiryLabel('2026-03-10', today)).toBe('Expiră azi');
    expect(expiryLabel('2026-03-11', today)).toBe('Expiră mâine');
    expect(expiryLabel('2026-03-22', today)).toBe('Expiră în 12 zile');
    expect(expiryLabel('2026-04-09', today)).toBe('Expiră în 30 de zile');
    expect(expiryLabel('2026-03-07', today)).toBe('A expirat acum 3 zile');
  });
});

describe('renewal and payment links', () => {
  it('maps product codes to product routes with the policy id', () => {
    expect(renewalHref({ id: 7, product_code: 'rca' })).toBe('/rca?renew=7');
    expect(renewalHref({ id: 8, product_code: 'house-insurance' })).toBe('/house?renew=8');
    expect(renewalHref({ id: 9, product_code: 'travel' })).toBe('/travel?renew=9');
    expect(renewalHref({ id: 10, product_code: 'tire' })).toBe('/tire?renew=10');
    expect(renewalHref({ id: 11, product_code: 'vignette' })).toBeNull();
  });

  it('lets awaiting or failed orders be paid until their quote ends, never paid or cancelled ones', () => {
    const now = Date.parse('2026-03-05T12:00:00Z');
    const until = '2026-03-05T12:00:01Z';
    expect(isPayable({ status: 'awaiting_payment', pay_until: until }, now)).toBe(true);
    expect(isPayable({ status: 'payment_failed', pay_until: until }, now)).toBe(true);
    expect(isPayable({ status: 'awaiting_payment', pay_until: '2026-03-05T12:00:00Z' }, now)).toBe(false);
    expect(isPayable({ status: 'awaiting_payment', pay_until: null }, now)).toBe(false);
    expect(isPayable({ status: 'paid', pay_until: until }, now)).toBe(false);
    expect(isPayable({ status: 'cancelled', pay_until: until }, now)).toBe(false);
    expect(isOfferExpired({ status: 'awaiting_payment', pay_until: '2026-03-05T11:59:59Z' }, now)).toBe(true);
    expect(isOfferExpired({ status: 'awaiting_payment', pay_until: until }, now)).toBe(false);
    expect(isOfferExpired({ status: 'paid', pay_until: null }, now)).toBe(false);
    expect(payOrderHref({ id: 42 })).toBe('/wait-to-be-redirected/payment-processor?order_id=42');
  });

  it('merges a realtime order update in place', () => {
    const base = { number: 'BRK', product_code: 'rca', product_name: 'RCA', insurer: { code: 'x', name: 'X' }, offer_id: 'o', package_name: 'p', amount_bani: 100, partner_code: null, policy_id: null, invoice: null, created_at: '', paid_at: null, pay_until: null } as const;
    const orders: Order[] = [
      { ...base, id: 2, status: 'awaiting_payment' },
      { ...base, id: 1, status: 'paid' },
    ];
    const merged = mergeOrder(orders, { ...base, id: 2, status: 'paid', policy_id: 5 });
    expect(merged.map((o) => [o.id, o.status])).toEqual([
      [2, 'paid'],
      [1, 'paid'],
    ]);
    expect(mergeOrder(orders, { ...base, id: 3, status: 'awaiting_payment' })[0].id).toBe(3);
  });
});
