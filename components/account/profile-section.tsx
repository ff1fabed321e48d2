'use client';

import { updateProfile } from '@/lib/api/account';
import type { Profile } from '@/contract/types';
import { ProfileForm } from './profile-form';

/** The profile form wired to `PUT /api/v1/profile`. */
export function ProfileSection({ profile }: { profile: Profile }) {
  return <ProfileForm profile={profile} save={updateProfile} />;
}
