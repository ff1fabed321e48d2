import {
  currentProvider,
  listProviders as listProvidersCall,
  listUserProviders as listUserProvidersCall,
  removeTwoFactor as removeTwoFactorCall,
  type RemoveTwoFactorInput,
} from '@/lib/api/two-factor';
import type { TwoFactorProvider, UserTwoFactorProvider } from '@/contract/types';
import { useTwoFactorStore } from '@/stores/two-factor-store';

/**
 * The two-factor calls whose answers the two-factor store (SPEC §3, sessionStorage `twoFactorStore`) follows:
 * the API call (lib/api/two-factor.ts, data only; null/false on error) and then the store. Same names and
 * signatures as the calls, so that a form switches by its import alone. A failed call leaves the store as it was.
 */

/** All providers the shop offers → twoFactorStore.providers. */
export async function listProviders(): Promise<TwoFactorProvider[] | null> {
  const providers = await listProvidersCall();
  if (providers) useTwoFactorStore.getState().setProviders(providers);
  return providers;
}

/** The user's providers; the one a check uses (`currentProvider`) → twoFactorStore.userProvider. */
export async function listUserProviders(): Promise<UserTwoFactorProvider[] | null> {
  const providers = await listUserProvidersCall();
  if (providers) useTwoFactorStore.getState().setUserProvider(currentProvider(providers));
  return providers;
}

/** Turns two-factor off; once removed, the user has no provider in the store. */
export async function removeTwoFactor(input: RemoveTwoFactorInput): Promise<boolean> {
  const removed = await removeTwoFactorCall(input);
  if (removed) useTwoFactorStore.getState().setUserProvider(null);
  return removed;
}
