'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { removeTwoFactor } from '@/lib/session/two-factor-providers';
import { useAuthStore } from '@/stores/auth-store';
import { AUTH_MESSAGES, removeTwoFactorSchema } from '@/lib/validation/auth';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { RecoveryCodeInput } from './recovery-code-input';
import { EmailCodeSender } from './email-code-sender';
import { OtpInput } from './otp-input';
import { SubmitButton } from './submit-button';
import { useAuthCaptcha } from './use-auth-captcha';
import { useTwoFactorProvider } from './use-two-factor-provider';

type Method = 'code' | 'recovery';

/** Two-factor status on /account/security: turn on (to /account/2fa), turn off with a code or recovery code. */
export function SecurityTwoFactor() {
  const captcha = useAuthCaptcha();
  const { provider, loading, setProvider } = useTwoFactorProvider();
  const [method, setMethod] = useState<Method>('code');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [removed, setRemoved] = useState(false);
  const required = useAuthStore((s) => s.user?.is_two_factor_required ?? false);

  async function turnOff(event: FormEvent) {
    event.preventDefault();
    if (!provider || pending) return;
    const parsed = removeTwoFactorSchema.safeParse(
      method === 'code' ? { method, two_factor_code: code } : { method, recovery_key: recovery },
    );
    if (!parsed.success) {
      setError(method === 'code' ? AUTH_MESSAGES.code : AUTH_MESSAGES.recoveryCode);
      return;
    }
    setPending(true);
    setError(undefined);
    const { method: _m, ...secret } = parsed.data;
    void _m;
    const ok = await removeTwoFactor({ token: await captcha('two_factor_remove'), provider_code: provider.code, ...secret });
    setPending(false);
    if (!ok) {
      setError('Codul nu a fost acceptat. Autentificarea în doi pași a rămas activă.');
      return;
    }
    const user = useAuthStore.getState().user;
    if (user) useAuthStore.getState().setUser({ ...user, is_two_factor_enabled: false });
    setProvider(null);
    setCode('');
    setRecovery('');
    setRemoved(true);
  }

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
      <form onSubmit={turnOff} noValidate className="flex flex-col gap-4" aria-label="Dezactivați autentificarea în doi pași">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">Confirmați dezactivarea cu</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="remove-method" checked={method === 'code'} onChange={() => { setMethod('code'); setError(undefined); }} />
            un cod de verificare
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="remove-method" checked={method === 'recovery'} onChange={() => { setMethod('recovery'); setError(undefined); }} />
            un cod de recuperare
          </label>
        </fieldset>
        {method === 'code' ? (
          <>
            {provider.code === 'email' ? <EmailCodeSender /> : null}
            <OtpInput
              id="security-two-factor-code"
              value={code}
              onChange={(v) => {
                setCode(v);
                setError(undefined);
              }}
              error={error}
            />
          </>
        ) : (
          <RecoveryCodeInput
            id="security-recovery-code"
            name="recovery_key"
            value={recovery}
            onChange={(value) => {
              setRecovery(value);
              setError(undefined);
            }}
            error={error}
          />
        )}
        <div>
          <SubmitButton pending={pending} variant="secondary" pendingLabel="Se dezactivează…">
            Dezactivați autentificarea în doi pași
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
