'use client';

import { updatePreferences } from '@/lib/api/account';
import type { Preferences } from '@/contract/types';
import { PreferencesForm } from './preferences-form';

/** The preferences form wired to `PUT /api/v1/preferences`. */
export function PreferencesSection({ preferences }: { preferences: Preferences }) {
  return <PreferencesForm preferences={preferences} save={updatePreferences} />;
}
