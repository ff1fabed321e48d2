'use client';

import { useRef, useState, type FormEvent } from 'react';
import { verifyCode } from '@/lib/api/two-factor';
import type { TwoFactorProviderCode } from '@/contract/types';
import { AUTH_MESSAGES, otpCodeField, recoveryCodeField } from '@/lib/validation/auth';
import { Spinner } from '@/components/ui/spinner';
import { RecoveryCodeInput } from './recovery-code-input';
import { EmailCodeSender } from './email-code-sender';
import { leaveTo, returnTarget } from './navigate';
import { OtpInput } from './otp-input';
import { SubmitButton } from './submit-button';
import { useAuthCaptcha } from './use-auth-captcha';
import { useTwoFactorProvider } from './use-two-factor-provider';

export const WRONG_CODE_MESSAGE = 'Codul nu a fost acceptat. Verificați-l și încercați din nou.';
export const WRONG_RECOVERY_MESSAGE = 'Codul de recuperare nu este valid sau a fost deja folosit.';

type Mode = 'code' | 'recovery';

/**
 * /account/2fa-check: the second step of signing in. A 6-digit code from the authenticator app (or sent by
 * email), or a recovery code; on success the browser continues to `last_url`.
 */
export function TwoFactorCheck({ lastUrl }: { lastUrl?: string | null }) {
  const captcha = useAuthCaptcha();
  const target = returnTarget(lastUrl);
  const { provider: userProvider, loading } = useTwoFactorProvider();
  /** The provider the code is checked with; the authenticator app when the user has none enabled. */
  const provider: TwoFactorProviderCode | null = loading ? null : (userProvider?.code ?? 'authenticator');
  const [mode, setMode] = useState<Mode>('code');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const focusInput = () =>
    document.getElementById(mode === 'code' ? 'two-factor-check-code' : 'two-factor-check-recovery')?.focus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || !provider) return;
    const parsed = mode === 'code' ? otpCodeField.safeParse(code) : recoveryCodeField.safeParse(recovery);
    if (!parsed.success) {
      setError(mode === 'code' ? AUTH_MESSAGES.code : AUTH_MESSAGES.recoveryCode);
      focusInput();
      return;
    }
    setPending(true);
    setError(undefined);
    const result = await verifyCode({
      token: await captcha('two_factor_check'),
      provider_code: provider,
      ...(mode === 'code' ? { two_factor_code: parsed.data } : { recovery_code: parsed.data }),
    });
    if (result?.is_verified) {
      leaveTo(target);
      return;
    }
    setPending(false);
    setError(mode === 'code' ? WRONG_CODE_MESSAGE : WRONG_RECOVERY_MESSAGE);
    focusInput();
  }

  if (loading) {
    return <Spinner label="Se încarcă metoda de verificare…" />;
  }

  return (
    <form onSubmit={submit} noValidate className="mx-auto flex w-full max-w-md flex-col gap-5" aria-label="Verificare în doi pași">
      {mode === 'code' ? (
        <>
          <p>
            {provider === 'email'
              ? 'Trimitem un cod de 6 cifre la adresa de email a contului. Introduceți-l mai jos.'
              : 'Deschideți aplicația de autentificare de pe telefon și introduceți codul de 6 cifre afișat pentru acest cont.'}
          </p>
          {provider === 'email' ? <EmailCodeSender onSent={focusInput} /> : null}
          <OtpInput
            id="two-factor-check-code"
            ref={input}
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(undefined);
            }}
            error={error}
            autoFocus={provider !== 'email'}
          />
        </>
      ) : (
        <>
          <p>Introduceți unul dintre codurile de recuperare primite la activare. Fiecare cod merge o singură dată.</p>
          <RecoveryCodeInput
            id="two-factor-check-recovery"
            name="recovery_code"
            autoCapitalize="characters"
            value={recovery}
            onChange={(value) => {
              setRecovery(value);
              setError(undefined);
            }}
            error={error}
          />
        </>
      )}
      <SubmitButton pending={pending} pendingLabel="Se verifică…">
        Verificați și continuați
      </SubmitButton>
      <button
        type="button"
        className="self-start text-sm font-medium text-primary underline underline-offset-2"
        onClick={() => {
          setMode(mode === 'code' ? 'recovery' : 'code');
          setError(undefined);
        }}
      >
        {mode === 'code' ? 'Nu aveți acces? Folosiți un cod de recuperare' : 'Folosiți codul de verificare'}
      </button>
    </form>
  );
}
