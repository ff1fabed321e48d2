import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, resetSessionEnd, sessionEndEffects } from '@/lib/session/end-session';
import { resetTabChannel } from '@/lib/realtime/tab-channel';
import { DRAFT_PREFIX, readDraft, resetDraftCache, writeDraft } from '@/lib/shop/draft-store';
import { rememberPlacedOrder } from '@/lib/shop/placed-order';
import { StoreHydration } from '@/components/providers/store-hydration';
import { AUTH_STORE_KEY, initialAuthState, useAuthStore } from '@/stores/auth-store';
import { resetHydration } from '@/stores/hydration';

/**
 * A shared computer: the purchase drafts (sessionStorage, the tab survives a logout's navigation) hold the
 * customer's name, email, phone, CNP, plate and VIN. When the session ends, the next person in that tab must not
 * find them in the forms.
 */
const customerDraft = { customer: { first_name: 'Ion', last_name: 'Pop', email: 'ion@example.ro', cnp: '1800101221144' } };

function draftKeysInStorage(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < sessionStorage.length; i++) {
    const key = sessionStorage.key(i);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  return keys;
}

function fillDrafts() {
  writeDraft('rca:flow', { step: 'details' });
  writeDraft('rca:details', customerDraft);
  writeDraft('travel:form', { travellers: [{ cnp: '2900101221155' }] });
  rememberPlacedOrder('rca', { id: 41, request: '{}' });
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  resetDraftCache();
  resetSessionEnd();
  resetTabChannel();
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response('{"data":{"logged_out":true}}')));
  sessionEndEffects.alert = vi.fn();
  sessionEndEffects.navigate = vi.fn();
  useAuthStore.setState({ ...initialAuthState });
});
afterEach(() => vi.unstubAllGlobals());

describe('purchase drafts when the session ends', () => {
  it.each(['manual', 'inactivity', 'unauthorized'] as const)('%s: every draft and placed order of the tab is gone', async (reason) => {
    useAuthStore.getState().setUser({ id: 1, email: 'ion@example.ro' } as never);
    fillDrafts();
    expect(draftKeysInStorage()).toHaveLength(4);
    await endSession({ reason });
    expect(draftKeysInStorage()).toEqual([]);
    expect(readDraft('rca:details')).toBeUndefined();
    expect(readDraft('rca:order')).toBeUndefined();
    expect(JSON.stringify(sessionStorage)).not.toContain('1800101221144');
  });

  it('a session ended in another tab clears this tab’s drafts too', async () => {
    fillDrafts();
    await endSession({ reason: 'manual', fromOtherTab: true });
    expect(draftKeysInStorage()).toEqual([]);
  });

  it('a page load that finds a stored customer but no session drops that customer’s drafts', async () => {
    localStorage.setItem(AUTH_STORE_KEY, JSON.stringify({ state: { authenticated: true, user: { id: 1, email: 'ion@example.ro' } }, version: 0 }));
    fillDrafts();
    resetDraftCache();
    resetHydration();
    render(<StoreHydration signedIn={false} />);
    await waitFor(() => expect(draftKeysInStorage()).toEqual([]));
    expect(useAuthStore.getState().authenticated).toBe(false);
  });

  it('a guest’s own drafts stay across a page load (no session ended)', async () => {
    fillDrafts();
    resetDraftCache();
    resetHydration();
    render(<StoreHydration signedIn={false} />);
    await waitFor(() => expect(useAuthStore.persist.hasHydrated()).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    expect(draftKeysInStorage()).toHaveLength(4);
  });
});
