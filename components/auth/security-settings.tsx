'use client';

import { changePassword } from '@/lib/api/auth';
import { ChangePasswordForm } from './change-password-form';
import { SecuritySessions } from './security-sessions';
import { SecurityTwoFactor } from './security-two-factor';

type Props = {
  /** Two-factor is required of this user now (check-active-session, read by the page); null: the backend could not tell. */
  twoFactorRequired?: boolean | null;
};

/** Body of /account/security: two-factor, password, active sessions. */
export function SecuritySettings({ twoFactorRequired = null }: Props) {
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="security-two-factor" className="flex flex-col gap-4">
        <h2 id="security-two-factor" className="text-2xl font-semibold">
          Autentificarea în doi pași
        </h2>
        <SecurityTwoFactor required={twoFactorRequired} />
      </section>
      <section aria-labelledby="security-password" className="flex max-w-md flex-col gap-4">
        <h2 id="security-password" className="text-2xl font-semibold">
          Schimbați parola
        </h2>
        <ChangePasswordForm onSubmit={changePassword} />
      </section>
      <section aria-labelledby="security-sessions" className="flex flex-col gap-4">
        <h2 id="security-sessions" className="text-2xl font-semibold">
          Sesiuni active
        </h2>
        <p className="text-sm text-muted">
          Dispozitivele pe care sunteți autentificat. Închideți sesiunile pe care nu le recunoașteți.
        </p>
        <SecuritySessions />
      </section>
    </div>
  );
}
