import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CaptchaNotice } from '@/components/providers/captcha-notice';
import { PublicConfigContext } from '@/components/providers/public-config-context';
import { captchaEnabled, type PublicConfig, type ServerEnv } from '@/lib/config/env';

/** Issue 19, item 6: the "protejat de reCAPTCHA" notice only when captcha is on. */

const config = (recaptchaSiteKey: string): PublicConfig => ({
  recaptchaSiteKey,
  googleClientId: '',
  pusher: { key: 'k', cluster: 'eu', wsHost: '127.0.0.1', wsPort: 4000, forceTLS: false },
  analytics: { enabled: false, domain: 'localhost' },
});

function renderNotice(siteKey: string) {
  return render(
    <PublicConfigContext value={config(siteKey)}>
      <p>Formular</p>
      <CaptchaNotice />
    </PublicConfigContext>,
  );
}

describe('CaptchaNotice', () => {
  it('says nothing without a site key', () => {
    renderNotice('');
    expect(screen.getByText('Formular')).toBeInTheDocument();
    expect(screen.queryByText(/reCAPTCHA/)).toBeNull();
  });

  it('shows the notice with the Google links when captcha is on', () => {
    renderNotice('site-key');
    expect(screen.getByText(/Acest site este protejat de reCAPTCHA/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Politica de confidențialitate' })).toHaveAttribute('href', 'https://policies.google.com/privacy');
  });

  it('pages get a site key only when one is set and captcha is not switched off', () => {
    const env = (RECAPTCHA_SITE_KEY: string, CAPTCHA_ENABLED: boolean | undefined) => ({ RECAPTCHA_SITE_KEY, CAPTCHA_ENABLED }) as ServerEnv;
    expect(captchaEnabled(env('', undefined))).toBe(false);
    expect(captchaEnabled(env('site-key', false))).toBe(false);
    expect(captchaEnabled(env('site-key', undefined))).toBe(true);
    expect(captchaEnabled(env('site-key', true))).toBe(true);
  });
});
