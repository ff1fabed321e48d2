import { api, FIELD_ERRORS_INLINE, unwrap, type Envelope } from './client';
import type { z } from 'zod';
import type { profileBody } from '@/contract/account';
import type { Preferences, Profile, Session } from '@/contract/types';

/** GET /api/v1/profile. */
export async function getProfile(): Promise<Profile> {
  return unwrap(await api.get<Envelope<Profile>>('/api/v1/profile'));
}

/** What the backend takes and stores (an empty postal code as null). */
export type ProfileUpdate = z.output<typeof profileBody>;

/** PUT /api/v1/profile. */
export async function updateProfile(input: ProfileUpdate): Promise<Profile> {
  return unwrap(await api.put<Envelope<Profile>>('/api/v1/profile', input, FIELD_ERRORS_INLINE));
}

/** PUT /api/v1/preferences. */
export async function updatePreferences(input: Preferences): Promise<Preferences> {
  return unwrap(await api.put<Envelope<Preferences>>('/api/v1/preferences', input));
}

/** GET /api/v1/sessions. */
export async function listSessions(): Promise<Session[]> {
  return unwrap(await api.get<Envelope<Session[]>>('/api/v1/sessions'));
}

/** DELETE /api/v1/sessions/{id}. */
export async function revokeSession(id: number): Promise<number> {
  return unwrap(await api.delete<Envelope<{ revoked: number }>>(`/api/v1/sessions/${id}`)).revoked;
}

/** POST /api/v1/sessions/revoke-others. */
export async function revokeOtherSessions(): Promise<number> {
  return unwrap(await api.post<Envelope<{ revoked: number }>>('/api/v1/sessions/revoke-others')).revoked;
}
