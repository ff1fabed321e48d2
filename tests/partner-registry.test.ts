import { afterEach, describe, expect, it, vi } from 'vitest';
import { findPartner, PARTNER_REGISTRY_TTL_MS, resetPartnerRegistryCache } from '@/lib/partners/registry';
import { isProductRoute } from '@/lib/proxy/partner-route';

const list = [
  { code: 'abc', name: 'Banca ABC', theme_enabled: true },
  { code: 'fara-tema', name: 'Partener fără temă', theme_enabled: false },
];
const answer = (data: unknown, status = 200) => new Response(JSON.stringify({ data }), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  resetPartnerRegistryCache();
  vi.unstubAllGlobals();
});

describe('partner registry', () => {
  it('knows registered codes in any case and nothing else', async () => {
    const fetchMock = vi.fn(async () => answer(list));
    vi.stubGlobal('fetch', fetchMock);
    expect(await findPartner('http://api', 'ABC')).toEqual({ code: 'abc', name: 'Banca ABC', theme_enabled: true });
    expect(await findPartner('http://api', 'banca_falsa')).toBeNull();
    expect(await findPartner('http://api', 'fara-tema')).toMatchObject({ theme_enabled: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Not cached, and bounded (a timeout signal, lib/net/backend-call.ts).
    expect(fetchMock).toHaveBeenCalledWith('http://api/api/v1/partners', expect.objectContaining({ cache: 'no-store', signal: expect.any(AbortSignal) }));
  });

  it('asks again after the TTL and keeps the last list while the backend fails', async () => {
    const fetchMock = vi.fn(async () => answer(list));
    vi.stubGlobal('fetch', fetchMock);
    const t0 = Date.now();
    await findPartner('http://api', 'abc', t0);
    fetchMock.mockImplementation(async () => answer(null, 503));
    expect(await findPartner('http://api', 'abc', t0 + PARTNER_REGISTRY_TTL_MS + 1)).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('treats every code as unknown when the registry never answered', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new Error('down'))));
    expect(await findPartner('http://api', 'abc')).toBeNull();
  });

  it('tells the plain product routes apart', () => {
    expect(['/rca', '/rca/B123ABC', '/travel', '/house', '/tire', '/michelin-tiresecureplus'].every(isProductRoute)).toBe(true);
    expect(['/', '/thank-you', '/account/orders', '/faq', '/rcax', '/rca-abc'].some(isProductRoute)).toBe(false);
  });
});
