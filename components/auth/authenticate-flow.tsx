'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ACCOUNT_IS_DELETED, emailExists, generateResetToken, resetPassword } from '@/lib/api/auth';
import { googleSignIn, login, register } from '@/lib/session/sign-in';
import { isApiError } from '@/lib/api/errors';
import { Alert } from '@/components/ui/alert';
import { DeletedAccountNotice } from './deleted-account-notice';
import { EmailStepForm } from './email-step-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { FormError } from './form-error';
import { GoogleSignInButton } from './google-sign-in-button';
import { leaveTo, returnTarget } from './navigate';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { useAuthCaptcha } from './use-auth-captcha';
import { useForgetOnLeave } from './use-forget-on-leave';
import { UNKNOWN_ERROR } from '@/lib/forms/use-schema-form';

export type AuthStep = 'email' | 'sign-in' | 'register' | 'deleted' | 'forgot' | 'forgot-sent' | 'reset' | 'reset-done';

type Props = {
  /** Raw `last_url` query value; only a same-origin relative path is followed. */
  lastUrl?: string | null;
  /** From the mailed reset link `/authenticate?reset_token=…&email=…`. */
  resetToken?: string | null;
  resetEmail?: string | null;
  /** `welcome`: the link mailed after guest checkout, which sets the account's first password. */
  resetPurpose?: 'reset' | 'welcome';
  googleClientId: string;
  /** Rendered under the forms (the captcha notice of the client core). */
  notice?: ReactNode;
};

const TITLES: Record<AuthStep, string> = {
  email: 'Continuați cu adresa de email',
  'sign-in': 'Autentificare',
  register: 'Creați un cont nou',
  deleted: 'Cont șters',
  forgot: 'Ați uitat parola?',
  'forgot-sent': 'Verificați emailul',
  reset: 'Alegeți o parolă nouă',
  'reset-done': 'Parola a fost schimbată',
};

/** The same steps opened by the set-password link of the welcome mail (guest checkout). */
const FIRST_PASSWORD_TITLES: Partial<Record<AuthStep, string>> = {
  reset: 'Alegeți parola contului',
  'reset-done': 'Parola a fost salvată',
};

function isDeleted(error: unknown): boolean {
  return isApiError(error) && error.code === ACCOUNT_IS_DELETED;
}

/**
 * The /authenticate flow: email first (email-existence-check), then sign in or create an account; deleted
 * accounts, forgotten password and the reset form opened by the mailed link; Google sign-in.
 * After success the browser goes to `last_url` (same-origin paths only) or home.
 */
export function AuthenticateFlow({ lastUrl, resetToken, resetEmail, resetPurpose = 'reset', googleClientId, notice }: Props) {
  const hasResetLink = Boolean(resetToken && resetEmail);
  const firstPassword = hasResetLink && resetPurpose === 'welcome';
  const [step, setStep] = useState<AuthStep>(hasResetLink ? 'reset' : 'email');
  const [email, setEmail] = useState(hasResetLink ? (resetEmail ?? '') : '');
  const [googleError, setGoogleError] = useState<string | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const captcha = useAuthCaptcha();
  const target = returnTarget(lastUrl);
  // The key of the forms with a password: a new one when the customer leaves the page, so that they start again
  // empty and Back (the back/forward cache keeps a page left after a sign-in or a new password) shows no typed password.
  const [passwordForms, setPasswordForms] = useState(0);
  useForgetOnLeave(() => setPasswordForms((n) => n + 1));

  // Move focus to the new step's heading so that screen readers follow the change.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  function go(next: AuthStep, nextEmail?: string) {
    if (nextEmail !== undefined) setEmail(nextEmail);
    setGoogleError(undefined);
    setStep(next);
  }

  async function checkEmail(value: string) {
    try {
      const exists = await emailExists(value, await captcha('email_check'));
      go(exists ? 'sign-in' : 'register', value);
    } catch (error) {
      if (isDeleted(error)) return go('deleted', value);
      throw error;
    }
  }

  async function signIn(values: { email: string; password: string }) {
    try {
      await login({ ...values, token: await captcha('login') });
    } catch (error) {
      if (isDeleted(error)) {
        go('deleted', values.email);
        return;
      }
      throw error;
    }
    leaveTo(target);
    return 'redirecting' as const;
  }

  async function onGoogleCredential(idToken: string) {
    setGoogleError(undefined);
    try {
      const result = await googleSignIn(idToken);
      setEmail(result.user.email);
      leaveTo(target);
    } catch (error) {
      if (isDeleted(error)) return go('deleted', email);
      setGoogleError(isApiError(error) ? error.prettyMessage : UNKNOWN_ERROR);
    }
  }

  function forgetResetLink() {
    // The link is single-use: drop it from the address bar so a reload does not show the form again.
    const url = new URL(window.location.href);
    url.searchParams.delete('reset_token');
    url.searchParams.delete('email');
    url.searchParams.delete('purpose');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }

  const showGoogle = step === 'email' || step === 'sign-in' || step === 'register';
  const canChangeEmail = step === 'sign-in' || step === 'register' || step === 'forgot';

  return (
    <section aria-labelledby="auth-step-title" className="mx-auto flex w-full max-w-md flex-col gap-5">
      <h2 id="auth-step-title" ref={heading} tabIndex={-1} className="text-2xl font-semibold">
        {firstPassword ? (FIRST_PASSWORD_TITLES[step] ?? TITLES[step]) : TITLES[step]}
      </h2>

      {step === 'email' ? <EmailStepForm defaultEmail={email} onSubmit={checkEmail} /> : null}

      {step === 'sign-in' ? (
        <SignInForm key={passwordForms} email={email} onSubmit={signIn} onForgotPassword={(value) => go('forgot', value)} />
      ) : null}

      {step === 'register' ? (
        <>
          <p className="text-sm text-muted">Nu există încă un cont pentru {email}. Completați datele pentru a-l crea.</p>
          <RegisterForm
            key={passwordForms}
            email={email}
            onSubmit={async (values) => {
              const { terms, data_processing, ...fields } = values;
              void terms;
              void data_processing;
              // The account an earlier attempt of this form created, its answer lost, is signed into (lib/session/sign-in.ts).
              await register({ ...fields, is_default_password: false, token: await captcha('register') }, () => captcha('login'));
              leaveTo(target);
              return 'redirecting' as const;
            }}
          />
        </>
      ) : null}

      {step === 'deleted' ? <DeletedAccountNotice email={email} onUseAnotherEmail={() => go('email', '')} /> : null}

      {step === 'forgot' ? (
        <ForgotPasswordForm
          email={email}
          onSubmit={async (value) => {
            await generateResetToken(value, await captcha('password_reset'));
            go('forgot-sent', value);
          }}
        />
      ) : null}

      {step === 'forgot-sent' ? (
        <>
          <Alert tone="success" title="Am trimis linkul de resetare">
            Dacă există un cont pentru {email}, veți primi în câteva minute un email cu un link pentru alegerea unei
            parole noi. Linkul este valabil 60 de minute și poate fi folosit o singură dată.
          </Alert>
          <button type="button" className="btn btn-ghost" onClick={() => go('sign-in')}>
            Înapoi la autentificare
          </button>
        </>
      ) : null}

      {step === 'reset' ? (
        <>
          <ResetPasswordForm
            key={passwordForms}
            email={resetEmail ?? email}
            resetToken={resetToken ?? ''}
            firstPassword={firstPassword}
            onSubmit={async (values) => {
              await resetPassword({ ...values, token: await captcha('password_reset') });
              forgetResetLink();
              go('reset-done', values.email);
            }}
          />
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              forgetResetLink();
              go('forgot', resetEmail ?? email);
            }}
          >
            Cereți un link nou
          </button>
        </>
      ) : null}

      {step === 'reset-done' ? (
        <>
          <Alert tone="success">
            {firstPassword
              ? 'Parola contului a fost salvată. Vă puteți autentifica acum cu ea.'
              : 'Parola a fost schimbată. Vă puteți autentifica acum cu parola nouă.'}
          </Alert>
          <SignInForm key={passwordForms} email={email} onSubmit={signIn} onForgotPassword={(value) => go('forgot', value)} />
        </>
      ) : null}

      {canChangeEmail ? (
        <button type="button" className="self-start text-sm font-medium text-primary underline underline-offset-2" onClick={() => go('email')}>
          Folosiți altă adresă de email
        </button>
      ) : null}

      {showGoogle ? (
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-3 text-sm text-muted before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
            sau
          </p>
          <FormError message={googleError} />
          <GoogleSignInButton clientId={googleClientId} onCredential={onGoogleCredential} />
        </div>
      ) : null}

      {notice}
    </section>
  );
}
