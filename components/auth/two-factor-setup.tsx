'use client';

import { useEffect, useRef, useState } from 'react';
import { generateCode, generateQrCode, verifyCode, type QrCode } from '@/lib/api/two-factor';
import { listProviders, listUserProviders } from '@/lib/session/two-factor-providers';
import type { TwoFactorProvider, TwoFactorProviderCode } from '@/contract/types';
import { useAuthStore } from '@/stores/auth-store';
import { FORM_ERROR, useFormField, useSchemaForm } from '@/lib/forms/use-schema-form';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { CopyTextButton } from './copy-text-button';
import { CODE_NOT_SENT, EmailCodeSender } from './email-code-sender';
import { FormError } from './form-error';
import { leaveTo, returnTarget } from './navigate';
import { OtpInput } from './otp-input';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SubmitButton } from './submit-button';
import { useAuthCaptcha } from './use-auth-captcha';
import { useForgetOnLeave } from './use-forget-on-leave';
import { WRONG_CODE_MESSAGE } from './two-factor-check';

type Stage =
  | { name: 'loading' }
  | { name: 'already-enabled' }
  | { name: 'failed' }
  | { name: 'choose' }
  | { name: 'sign-in-again'; message: string }
  | { name: 'verify'; provider: TwoFactorProviderCode; qr: QrCode | null }
  | { name: 'codes'; codes: string[] };

/** zod and the schemas load with the first edit (see SchemaSource), not with the page. */
const loadProviderSchema = () => import('@/lib/validation/auth').then((m) => m.twoFactorProviderSchema);
const loadCodeSchema = () => import('@/lib/validation/auth').then((m) => m.twoFactorCodeSchema);

/**
 * The stage once the customer has left the page (README "Requests, session and security"): the recovery codes are
 * shown once, so a finished setup says two-factor is on; a key not confirmed yet is dropped (continuing asks the
 * backend for a new one). The other stages hold no secret and stay.
 */
function withoutSecrets(stage: Stage): Stage {
  if (stage.name === 'codes') return { name: 'already-enabled' };
  if (stage.name === 'verify' && stage.qr) return { name: 'choose' };
  return stage;
}

/** The shared secret in groups of four, easier to type into an app. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * /account/2fa: choose a provider, scan the QR code (or copy the key) or receive an email code, confirm with a
 * 6-digit code, see the recovery codes once, then continue to `last_url`.
 */
export function TwoFactorSetup({ lastUrl }: { lastUrl?: string | null }) {
  const captcha = useAuthCaptcha();
  const target = returnTarget(lastUrl);
  const email = useAuthStore((s) => s.user?.email ?? null);
  const [stage, setStage] = useState<Stage>({ name: 'loading' });
  const [providers, setProviders] = useState<TwoFactorProvider[]>([]);
  const chooser = useSchemaForm({ schema: loadProviderSchema, defaultValues: { provider: 'authenticator' } });
  const confirmer = useSchemaForm({ schema: loadCodeSchema, defaultValues: { two_factor_code: '' } });
  const code = useFormField(confirmer, 'two_factor_code');
  const heading = useRef<HTMLHeadingElement>(null);
  const { reset: resetChoice } = chooser;

  // Back must never show the key or the codes again: not from the back/forward cache, not after the client router.
  useForgetOnLeave(() => setStage(withoutSecrets));

  useEffect(() => {
    let cancelled = false;
    void Promise.all([listProviders(), listUserProviders()]).then(([all, mine]) => {
      if (cancelled) return;
      if (mine?.some((p) => p.is_enabled)) return setStage({ name: 'already-enabled' });
      if (!all || all.length === 0) return setStage({ name: 'failed' });
      setProviders(all);
      resetChoice({ provider: all[0].code });
      setStage({ name: 'choose' });
    });
    return () => {
      cancelled = true;
    };
  }, [resetChoice]);

  useEffect(() => {
    if (stage.name === 'verify' || stage.name === 'codes') heading.current?.focus();
  }, [stage.name]);

  async function start({ provider }: { provider: TwoFactorProviderCode }) {
    confirmer.reset();
    if (provider === 'authenticator') {
      const answer = await generateQrCode();
      if (answer.qr) return setStage({ name: 'verify', provider: 'authenticator', qr: answer.qr });
      if (answer.signInAgain) return setStage({ name: 'sign-in-again', message: answer.signInAgain });
      return chooser.showErrors({ form: 'Nu am putut genera codul QR. Încercați din nou.' });
    } else {
      const sent = await generateCode(await captcha('two_factor_code'), 'email');
      if (!sent.sent) return chooser.showErrors({ form: sent.message ?? CODE_NOT_SENT });
      setStage({ name: 'verify', provider: 'email', qr: null });
    }
  }

  async function confirm({ two_factor_code }: { two_factor_code: string }) {
    if (stage.name !== 'verify') return;
    const result = await verifyCode({
      token: await captcha('two_factor_setup'),
      provider_code: stage.provider,
      two_factor_code,
      ...(stage.qr ? { secret: stage.qr.secret } : {}),
    });
    if (!result?.is_verified) return confirmer.showErrors({ two_factor_code: WRONG_CODE_MESSAGE });
    const user = useAuthStore.getState().user;
    if (user) useAuthStore.getState().setUser({ ...user, is_two_factor_enabled: true });
    void listUserProviders();
    if (result.recovery_codes && result.recovery_codes.length > 0) {
      setStage({ name: 'codes', codes: result.recovery_codes });
    } else {
      leaveTo(target);
      return 'redirecting' as const;
    }
  }

  if (stage.name === 'loading') return <Spinner label="Se încarcă…" />;

  if (stage.name === 'already-enabled') {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">Autentificarea în doi pași este deja activă pentru contul dumneavoastră.</Alert>
        <a href={target} className="btn btn-primary self-start">
          Continuați
        </a>
      </div>
    );
  }

  if (stage.name === 'failed') {
    return (
      <Alert tone="error" title="Metodele de verificare nu au putut fi încărcate">
        Reîncărcați pagina sau încercați din nou mai târziu.
      </Alert>
    );
  }

  if (stage.name === 'sign-in-again') {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
        <Alert tone="warning" title="Autentificați-vă din nou">
          {stage.message}
        </Alert>
        <button
          type="button"
          className="btn btn-primary self-start"
          // Ends this session (no alert) and comes back to this page after the new sign-in (last_url).
          onClick={() => void import('@/lib/session/end-session').then(({ endSession }) => endSession({ reason: 'sign-in-again' }))}
        >
          Autentificați-vă din nou
        </button>
      </div>
    );
  }

  if (stage.name === 'codes') {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
        <h2 ref={heading} tabIndex={-1} className="sr-only">
          Autentificarea în doi pași a fost activată
        </h2>
        <Alert tone="success">Autentificarea în doi pași a fost activată.</Alert>
        <RecoveryCodesPanel codes={stage.codes} onContinue={() => leaveTo(target)} />
      </div>
    );
  }

  if (stage.name === 'choose') {
    return (
      <form onSubmit={chooser.submit(start)} noValidate className="mx-auto flex w-full max-w-xl flex-col gap-5" aria-label="Alegeți metoda de verificare">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-xl font-semibold">Alegeți metoda de verificare</legend>
          {providers.map((p) => (
            <label
              key={p.code}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-border bg-surface p-4 has-[:checked]:border-primary"
            >
              <input type="radio" value={p.code} className="mt-1 size-5 accent-[var(--color-primary)]" {...chooser.bind('provider')} />
              <span>
                <span className="block font-semibold">{p.name}</span>
                <span className="block text-sm text-muted">{p.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormError message={chooser.errorOf(FORM_ERROR)} />
        <SubmitButton pending={chooser.pending} pendingLabel="Se pregătește…">
          Continuați
        </SubmitButton>
      </form>
    );
  }

  return (
    <form onSubmit={confirmer.submit(confirm)} noValidate className="mx-auto flex w-full max-w-xl flex-col gap-5" aria-label="Confirmați codul">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {stage.provider === 'authenticator' ? 'Scanați codul QR' : 'Introduceți codul primit pe email'}
      </h2>
      {stage.qr ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {/* A data: URL from the backend; next/image adds nothing here. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={stage.qr.qr_code}
            alt="Cod QR pentru aplicația de autentificare"
            width={200}
            height={200}
            className="size-50 shrink-0 rounded-md border border-border bg-white p-2"
          />
          <div className="flex flex-col gap-2 text-sm">
            <p>
              Scanați codul cu o aplicație de autentificare (Google Authenticator, Microsoft Authenticator, Authy). Dacă
              nu puteți scana, introduceți manual cheia:
            </p>
            <p>
              <span className="sr-only">Cheia secretă: </span>
              <code data-testid="two-factor-secret" data-secret={stage.qr.secret} className="select-all break-all rounded bg-ghost-white px-2 py-1 font-mono text-base">
                {groupKey(stage.qr.secret)}
              </code>
            </p>
            <CopyTextButton text={stage.qr.secret} label="Copiați cheia" copiedMessage="Cheia a fost copiată." />
          </div>
        </div>
      ) : (
        <EmailCodeSender email={email} alreadySent />
      )}
      <OtpInput
        id="two-factor-setup-code"
        label="Codul de 6 cifre"
        {...code}
        hint={stage.provider === 'authenticator' ? 'Codul afișat de aplicație pentru acest cont.' : undefined}
      />
      <SubmitButton pending={confirmer.pending} pendingLabel="Se verifică…">
        Activați
      </SubmitButton>
      <button
        type="button"
        className="self-start text-sm font-medium text-primary underline underline-offset-2"
        onClick={() => {
          chooser.clearErrors();
          setStage({ name: 'choose' });
        }}
      >
        Alegeți altă metodă
      </button>
    </form>
  );
}
