'use client';

import Link from 'next/link';
import { useState } from 'react';
import { removeTwoFactor } from '@/lib/session/two-factor-providers';
import { useAuthStore } from '@/stores/auth-store';
import { useFormField, useSchemaForm } from '@/lib/forms/use-schema-form';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { RecoveryCodeInput } from './recovery-code-input';
import { EmailCodeSender } from './email-code-sender';
import { OtpInput } from './otp-input';
import { SubmitButton } from './submit-button';
import {
  loadTwoFactorSecretSchema,
  NO_TWO_FACTOR_SECRET,
  type TwoFactorSecret,
  type TwoFactorSecretValues,
} from './two-factor-secret';
import { useAuthCaptcha } from './use-auth-captcha';
import { useTwoFactorProvider } from './use-two-factor-provider';

type Props = {
  /**
   * Two-factor is required of this user now, as check-active-session says (false while two-factor is off globally,
   * whatever the account's flag); null or absent: not known, the signed-in user's flag is shown.
   */
  required?: boolean | null;
};

/** Two-factor status on /account/security: turn on (to /account/2fa), turn off with a code or recovery code. */
export function SecurityTwoFactor({ required: requiredNow = null }: Props) {
  const captcha = useAuthCaptcha();
  const { provider, loading, setProvider } = useTwoFactorProvider();
  const [removed, setRemoved] = useState(false);
  const accountRequired = useAuthStore((s) => s.user?.is_two_factor_required ?? false);
  // The warning says a setup will be asked for after turning it off: true only while two-factor is on globally.
  const required = requiredNow ?? accountRequired;
  const form = useSchemaForm({ schema: loadTwoFactorSecretSchema, defaultValues: NO_TWO_FACTOR_SECRET });
  const method = useFormField(form, 'method');
  const code = useFormField(form, 'two_factor_code');

  async function turnOff({ method: chosen, ...secret }: TwoFactorSecret) {
    if (!provider) return;
    const ok = await removeTwoFactor({ token: await captcha('two_factor_remove'), provider_code: provider.code, ...secret });
    if (!ok) {
      const message = 'Codul nu a fost acceptat. Autentificarea în doi pași a rămas activă.';
      form.showErrors(chosen === 'code' ? { two_factor_code: message } : { recovery_key: message });
      return;
    }
    const user = useAuthStore.getState().user;
    if (user) useAuthStore.getState().setUser({ ...user, is_two_factor_enabled: false });
    setProvider(null);
    setRemoved(true);
    return 'reset' as const;
  }

  const choose = (value: TwoFactorSecretValues['method']) => {
    form.clearErrors();
    method.onChange(value);
  };

  if (loading) return <Spinner label="Se încarcă starea autentificării în doi pași…" />;

  if (!provider) {
    return (
      <div className="flex flex-col gap-3">
        {removed ? <Alert tone="success">Autentificarea în doi pași a fost dezactivată.</Alert> : null}
        <p>
          Starea: <strong>dezactivată</strong>. Activați-o pentru ca, la autentificare, să vă cerem și un cod de pe
          telefon sau de pe email.
        </p>
        <Link href="/account/2fa?last_url=%2Faccount%2Fsecurity" className="btn btn-primary self-start">
          Activați autentificarea în doi pași
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p>
        Starea: <strong>activată</strong> ({provider.name}).
      </p>
      {required ? (
        <Alert tone="warning">
          Pentru contul dumneavoastră autentificarea în doi pași este obligatorie: după dezactivare vi se va cere să o
          configurați din nou.
        </Alert>
      ) : null}
      <form onSubmit={form.submit(turnOff)} noValidate className="flex flex-col gap-4" aria-label="Dezactivați autentificarea în doi pași">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">Confirmați dezactivarea cu</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="remove-method" checked={method.value === 'code'} onChange={() => choose('code')} />
            un cod de verificare
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="remove-method" checked={method.value === 'recovery'} onChange={() => choose('recovery')} />
            un cod de recuperare
          </label>
        </fieldset>
        {method.value === 'code' ? (
          <>
            {provider.code === 'email' ? <EmailCodeSender /> : null}
            <OtpInput id="security-two-factor-code" {...code} />
          </>
        ) : (
          <RecoveryCodeInput id="security-recovery-code" {...form.bind('recovery_key')} />
        )}
        <div>
          <SubmitButton pending={form.pending} variant="secondary" pendingLabel="Se dezactivează…">
            Dezactivați autentificarea în doi pași
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
