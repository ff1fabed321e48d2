'use client';

import { verifyCode } from '@/lib/api/two-factor';
import type { TwoFactorProviderCode } from '@/contract/types';
import { useFormField, useSchemaForm } from '@/lib/forms/use-schema-form';
import { Spinner } from '@/components/ui/spinner';
import { RecoveryCodeInput } from './recovery-code-input';
import { EmailCodeSender } from './email-code-sender';
import { leaveTo, returnTarget } from './navigate';
import { OtpInput } from './otp-input';
import { SubmitButton } from './submit-button';
import { loadTwoFactorSecretSchema, NO_TWO_FACTOR_SECRET, type TwoFactorSecret } from './two-factor-secret';
import { useAuthCaptcha } from './use-auth-captcha';
import { useTwoFactorProvider } from './use-two-factor-provider';

export const WRONG_CODE_MESSAGE = 'Codul nu a fost acceptat. Verificați-l și încercați din nou.';
export const WRONG_RECOVERY_MESSAGE = 'Codul de recuperare nu este valid sau a fost deja folosit.';

const focusCode = () => document.getElementById('two-factor-check-code')?.focus();

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
  const form = useSchemaForm({ schema: loadTwoFactorSecretSchema, defaultValues: NO_TWO_FACTOR_SECRET });
  const method = useFormField(form, 'method');
  const code = useFormField(form, 'two_factor_code');

  async function verify(secret: TwoFactorSecret) {
    if (!provider) return;
    const result = await verifyCode({
      token: await captcha('two_factor_check'),
      provider_code: provider,
      ...(secret.method === 'code' ? { two_factor_code: secret.two_factor_code } : { recovery_code: secret.recovery_key }),
    });
    if (result?.is_verified) {
      leaveTo(target);
      return 'redirecting' as const;
    }
    form.showErrors(
      secret.method === 'code' ? { two_factor_code: WRONG_CODE_MESSAGE } : { recovery_key: WRONG_RECOVERY_MESSAGE },
    );
  }

  if (loading) {
    return <Spinner label="Se încarcă metoda de verificare…" />;
  }

  return (
    <form
      onSubmit={form.submit(verify)}
      noValidate
      className="mx-auto flex w-full max-w-md flex-col gap-5"
      aria-label="Verificare în doi pași"
    >
      {method.value === 'code' ? (
        <>
          <p>
            {provider === 'email'
              ? 'Trimitem un cod de 6 cifre la adresa de email a contului. Introduceți-l mai jos.'
              : 'Deschideți aplicația de autentificare de pe telefon și introduceți codul de 6 cifre afișat pentru acest cont.'}
          </p>
          {provider === 'email' ? <EmailCodeSender onSent={focusCode} /> : null}
          <OtpInput id="two-factor-check-code" {...code} autoFocus={provider !== 'email'} />
        </>
      ) : (
        <>
          <p>Introduceți unul dintre codurile de recuperare primite la activare. Fiecare cod merge o singură dată.</p>
          <RecoveryCodeInput id="two-factor-check-recovery" autoCapitalize="characters" {...form.bind('recovery_key')} />
        </>
      )}
      <SubmitButton pending={form.pending} pendingLabel="Se verifică…">
        Verificați și continuați
      </SubmitButton>
      <button
        type="button"
        className="self-start text-sm font-medium text-primary underline underline-offset-2"
        onClick={() => {
          form.clearErrors();
          method.onChange(method.value === 'code' ? 'recovery' : 'code');
        }}
      >
        {method.value === 'code' ? 'Nu aveți acces? Folosiți un cod de recuperare' : 'Folosiți codul de verificare'}
      </button>
    </form>
  );
}
