import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { startInactivityWatch, INACTIVITY_TIMEOUT_MS, KEEP_ALIVE_EVERY_MS, LAST_ACTIVITY_KEY, LAST_KEEP_ALIVE_KEY } from '@/components/providers/inactivity';
import { claimChunkReload, isChunkLoadError, RELOAD_GUARD_KEY } from '@/components/providers/chunk-reload-guard';
import { CaptchaProvider, MISSING_CAPTCHA_KEY_MESSAGE, resetCaptchaWarning } from '@/components/providers/captcha-provider';
import { CaptchaNotice } from '@/components/providers/captcha-notice';
import { useCaptchaToken } from '@/components/providers/use-captcha-token';
import { captchaAction } from '@/lib/captcha/recaptcha';
import { PublicConfigContext } from '@/components/providers/public-config-context';
import type { PublicConfig } from '@/lib/config/env';
import { resetRecaptchaLoader } from '@/lib/captcha/recaptcha';

const config: PublicConfig = {
  recaptchaSiteKey: '',
  googleClientId: '',
  pusher: { key: 'k', cluster: 'eu', wsHost: '127.0.0.1', wsPort: 4000, forceTLS: false },
  analytics: { enabled: false, domain: 'localhost' },
};

describe('inactivity (SPEC §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('fires after exactly one hour without activity', () => {
    const onTimeout = vi.fn();
    const stop = startInactivityWatch({ onTimeout });
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS * 3);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  for (const type of ['click', 'mousemove', 'keydown', 'scroll']) {
    it(`${type} restarts the hour`, () => {
      const onTimeout = vi.fn();
      const stop = startInactivityWatch({ onTimeout });
      vi.advanceTimersByTime(50 * 60_000);
      window.dispatchEvent(new Event(type));
      vi.advanceTimersByTime(50 * 60_000);
      expect(onTimeout).not.toHaveBeenCalled();
      vi.advanceTimersByTime(10 * 60_000);
      expect(onTimeout).toHaveBeenCalledTimes(1);
      stop();
    });
  }

  it('other events do not count as activity', () => {
    const onTimeout = vi.fn();
    const stop = startInactivityWatch({ onTimeout });
    vi.advanceTimersByTime(50 * 60_000);
    window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(10 * 60_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  it('activity in another tab (shared last-activity time) keeps this tab alive', () => {
    const onTimeout = vi.fn();
    const stop = startInactivityWatch({ onTimeout });
    vi.advanceTimersByTime(40 * 60_000);
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now())); // what the other tab writes
    vi.advanceTimersByTime(20 * 60_000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(40 * 60_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  it('writes its own activity for the other tabs', () => {
    const stop = startInactivityWatch({ onTimeout: () => {} });
    vi.advanceTimersByTime(60_000);
    window.dispatchEvent(new Event('keydown'));
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(Date.now());
    stop();
  });

  it('activity tells the backend the session is in use, at most every 5 minutes (the backend ends an unused one)', () => {
    const onKeepAlive = vi.fn();
    const stop = startInactivityWatch({ onTimeout: () => {}, onKeepAlive });
    expect(onKeepAlive).not.toHaveBeenCalled(); // opening the page is no activity
    vi.advanceTimersByTime(1_000);
    window.dispatchEvent(new Event('mousemove'));
    expect(onKeepAlive).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(10_000);
      window.dispatchEvent(new Event('keydown'));
    }
    expect(onKeepAlive).toHaveBeenCalledTimes(1); // 200 s later
    vi.advanceTimersByTime(KEEP_ALIVE_EVERY_MS);
    window.dispatchEvent(new Event('scroll'));
    expect(onKeepAlive).toHaveBeenCalledTimes(2);
    // No activity, no keep-alive: the backend's idle limit runs.
    vi.advanceTimersByTime(50 * 60_000);
    expect(onKeepAlive).toHaveBeenCalledTimes(2);
    stop();
  });

  it('the tabs share the keep-alive: a tab does not repeat one another tab has just sent', () => {
    const onKeepAlive = vi.fn();
    localStorage.setItem(LAST_KEEP_ALIVE_KEY, String(Date.now())); // what the other tab wrote
    const stop = startInactivityWatch({ onTimeout: () => {}, onKeepAlive });
    vi.advanceTimersByTime(60_000);
    window.dispatchEvent(new Event('click'));
    expect(onKeepAlive).not.toHaveBeenCalled();
    vi.advanceTimersByTime(KEEP_ALIVE_EVERY_MS);
    window.dispatchEvent(new Event('click'));
    expect(onKeepAlive).toHaveBeenCalledTimes(1);
    expect(Number(localStorage.getItem(LAST_KEEP_ALIVE_KEY))).toBe(Date.now());
    stop();
  });

  it('stop() removes the timer', () => {
    const onTimeout = vi.fn();
    startInactivityWatch({ onTimeout })();
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS * 2);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});

describe('chunk reload guard (SPEC §4, 10 s)', () => {
  beforeEach(() => sessionStorage.clear());

  it('allows one reload per path per 10 seconds', () => {
    const t = 1_000_000;
    expect(claimChunkReload('/rca', t)).toBe(true);
    expect(claimChunkReload('/rca', t + 1)).toBe(false);
    expect(claimChunkReload('/rca', t + 9_999)).toBe(false);
    expect(claimChunkReload('/travel', t + 5_000)).toBe(true);
    expect(claimChunkReload('/rca', t + 10_000)).toBe(true);
    expect(claimChunkReload('/rca', t + 15_000)).toBe(false);
    expect(JSON.parse(sessionStorage.getItem(RELOAD_GUARD_KEY)!)).toEqual({ '/rca': t + 10_000, '/travel': t + 5_000 });
  });

  it('recognises chunk load failures only', () => {
    const chunk = new Error('Loading chunk 123 failed.');
    chunk.name = 'ChunkLoadError';
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_next/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk app-page failed'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('captcha (SPEC §5)', () => {
  const wrap = (key: string) =>
    function Wrapper({ children }: { children: ReactNode }) {
      return (
        <PublicConfigContext value={{ ...config, recaptchaSiteKey: key }}>
          <CaptchaProvider>{children}</CaptchaProvider>
        </PublicConfigContext>
      );
    };

  beforeEach(() => {
    resetCaptchaWarning();
    resetRecaptchaLoader();
    document.querySelectorAll('script[src*="recaptcha"]').forEach((s) => s.remove());
  });

  it('without a site key: one error logged, no script, token is empty', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result, rerender } = renderHook(() => useCaptchaToken('login'), { wrapper: wrap('') });
    rerender();
    renderHook(() => useCaptchaToken('register'), { wrapper: wrap('') });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(MISSING_CAPTCHA_KEY_MESSAGE);
    await expect(result.current()).resolves.toBe('');
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
    error.mockRestore();
  });

  it('with a site key the Google script is requested with the key', () => {
    const { unmount } = renderHook(() => useCaptchaToken('login'), { wrapper: wrap('site-key-123') });
    const script = document.querySelector<HTMLScriptElement>('script[src*="recaptcha"]');
    expect(script?.src).toContain('render=site-key-123');
    unmount();
  });

  it('no provider at all: token is empty', async () => {
    const { result } = renderHook(() => useCaptchaToken('x'));
    await expect(result.current()).resolves.toBe('');
  });

  it('action names are sanitised for reCAPTCHA', () => {
    expect(captchaAction('email-check')).toBe('email_check');
    expect(captchaAction('rca/quote')).toBe('rca/quote');
  });

  it('the notice shows only when captcha is on', () => {
    const { container } = render(
      <PublicConfigContext value={config}>
        <CaptchaNotice />
      </PublicConfigContext>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('a token waits for the script, is asked with the action and is empty when the script fails', async () => {
    const execute = vi.fn(async (_key: string, { action }: { action: string }) => `token-for-${action}`);
    const { result } = renderHook(() => useCaptchaToken('login'), { wrapper: wrap('site-key-9') });
    const pending = result.current('email-check');
    const script = document.querySelector<HTMLScriptElement>('script[src*="render=site-key-9"]')!;
    window.grecaptcha = { ready: (cb) => cb(), execute };
    script.dispatchEvent(new Event('load'));
    await expect(pending).resolves.toBe('token-for-email_check');
    expect(execute).toHaveBeenCalledWith('site-key-9', { action: 'email_check' });
    delete window.grecaptcha;
    resetRecaptchaLoader();
    const failing = renderHook(() => useCaptchaToken('login'), { wrapper: wrap('site-key-10') });
    const next = failing.result.current();
    document.querySelector<HTMLScriptElement>('script[src*="render=site-key-10"]')!.dispatchEvent(new Event('error'));
    await expect(next).resolves.toBe('');
  });

  it('the notice links to Google privacy policy and terms', () => {
    const { getByText, getByRole } = render(
      <PublicConfigContext value={{ ...config, recaptchaSiteKey: 'site-key' }}>
        <CaptchaNotice />
      </PublicConfigContext>,
    );
    expect(getByText(/Acest site este protejat de reCAPTCHA\./)).toBeInTheDocument();
    expect(getByRole('link', { name: /Politica de confidențialitate/ })).toHaveAttribute('href', 'https://policies.google.com/privacy');
    expect(getByRole('link', { name: /Termenii/ })).toHaveAttribute('href', 'https://policies.google.com/terms');
  });
});
