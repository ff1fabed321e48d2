'use client';

import type { ClipboardEvent, Ref } from 'react';

type Props = {
  id: string;
  label?: string;
  value: string;
  onChange: (digits: string) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
};

export const OTP_LENGTH = 6;

/** Digits only, at most 6: what a user types, pastes or the phone fills in ("123 456", "123-456"). */
export function sanitizeOtp(raw: string): string {
  return raw.replace(/\D+/g, '').slice(0, OTP_LENGTH);
}

/**
 * One input for a 6-digit one-time code: the phone's code autofill (`autocomplete="one-time-code"`), the
 * numeric keypad (`inputMode="numeric"`), and paste of a code with spaces or dashes.
 */
export function OtpInput({ id, label = 'Codul de verificare', value, onChange, error, hint, disabled, autoFocus, ref }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text');
    if (!text) return;
    event.preventDefault();
    onChange(sanitizeOtp(text));
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name="two_factor_code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        spellCheck={false}
        autoFocus={autoFocus}
        disabled={disabled}
        value={value}
        onChange={(e) => onChange(sanitizeOtp(e.target.value))}
        onPaste={handlePaste}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-12 w-full max-w-56 rounded-md border bg-surface px-3 py-2 font-mono text-2xl tracking-[0.4em] ${
          error ? 'border-error' : 'border-border'
        }`}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
