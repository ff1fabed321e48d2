'use client';

import { useState } from 'react';
import { generateCode } from '@/lib/api/two-factor';
import { Button } from '@/components/ui/button';
import { useAuthCaptcha } from './use-auth-captcha';
import { useResendCooldown } from './use-resend-cooldown';

/** When the backend gave no message of its own (a network error, a 5xx). */
export const CODE_NOT_SENT = 'Codul nu a putut fi trimis. Așteptați puțin și încercați din nou.';

type Props = {
  onSent?: () => void;
  email?: string | null;
  /** A code was just sent by the caller: start with the cooldown running. */
  alreadySent?: boolean;
};

/** "Send the code by email" with a resend cooldown (generate-code, email provider). */
export function EmailCodeSender({ onSent, email, alreadySent = false }: Props) {
  const captcha = useAuthCaptcha();
  const { remaining, start } = useResendCooldown(undefined, alreadySent);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(alreadySent);
  const [error, setError] = useState('');

  async function send() {
    setPending(true);
    setError('');
    const answer = await generateCode(await captcha('two_factor_code'), 'email');
    setPending(false);
    if (answer.sent) {
      setSent(true);
      start();
      onSent?.();
    } else {
      setError(answer.message ?? CODE_NOT_SENT);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button variant="secondary" onClick={send} loading={pending} loadingLabel="" disabled={remaining > 0}>
          {sent ? 'Retrimiteți codul' : 'Trimiteți codul pe email'}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="text-sm">
        {sent ? `Am trimis un cod de 6 cifre${email ? ` la ${email}` : ' pe email'}. Este valabil 10 minute.` : ''}
        {remaining > 0 ? ` Puteți cere alt cod în ${remaining} s.` : ''}
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
