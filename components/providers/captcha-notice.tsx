/** The notice Google requires when the reCAPTCHA badge is hidden (SPEC §5); place it near each protected form. */
export function CaptchaNotice({ className }: { className?: string }) {
  return (
    <p className={className ?? 'text-xs text-muted'}>
      Acest site este protejat de reCAPTCHA. Se aplică{' '}
      <a href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer" className="underline">
        Politica de confidențialitate
      </a>{' '}
      și{' '}
      <a href="https://policies.google.com/terms" target="_blank" rel="noopener noreferrer" className="underline">
        Termenii și condițiile
      </a>{' '}
      Google.
    </p>
  );
}
