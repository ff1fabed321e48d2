import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statusOf } from '@/components/layout/server-error';
import { themeScript } from '@/components/layout/theme-script';
import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';
import { formatLeiFromBani } from '@/contract/money';
import { themeFromHeader } from '@/themes';

function runThemeScript(stored: unknown, prefersDark: boolean) {
  document.documentElement.className = '';
  localStorage.clear();
  if (stored !== undefined) localStorage.setItem('systemStore', JSON.stringify(stored));
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: prefersDark && query.includes('dark'), media: query }));
  new Function(themeScript)();
  return document.documentElement.classList.contains('dark');
}

describe('no-flash theme script', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the system preference when nothing was chosen', () => {
    expect(runThemeScript(undefined, true)).toBe(true);
    expect(runThemeScript(undefined, false)).toBe(false);
    expect(runThemeScript({ state: { isDarkTheme: true, isThemeChangedManually: false }, version: 0 }, false)).toBe(false);
  });

  it('applies a manual choice over the system preference', () => {
    expect(runThemeScript({ state: { isDarkTheme: true, isThemeChangedManually: true }, version: 0 }, false)).toBe(true);
    expect(runThemeScript({ state: { isDarkTheme: false, isThemeChangedManually: true }, version: 0 }, true)).toBe(false);
  });

  it('marks <html> while no cookie choice is stored, so the server-rendered banner is in the first paint', () => {
    const pending = () => document.documentElement.hasAttribute('data-consent-pending');
    document.documentElement.removeAttribute('data-consent-pending');
    runThemeScript(undefined, false);
    expect(pending()).toBe(true);
    document.documentElement.removeAttribute('data-consent-pending');
    runThemeScript({ state: { isCookieConsentAccepted: null }, version: 0 }, false);
    expect(pending()).toBe(true);
    for (const choice of [true, false]) {
      document.documentElement.removeAttribute('data-consent-pending');
      runThemeScript({ state: { isCookieConsentAccepted: choice }, version: 0 }, false);
      expect(pending()).toBe(false);
    }
  });

  it('survives malformed storage', () => {
    document.documentElement.className = '';
    localStorage.setItem('systemStore', '{not json');
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    expect(() => new Function(themeScript)()).not.toThrow();
  });
});

describe('themes and errors', () => {
  it('uses the partner theme only for x-theme: partner', () => {
    expect(themeFromHeader('partner')).toBe('partner');
    expect(themeFromHeader(null)).toBe('broker');
    expect(themeFromHeader('evil')).toBe('broker');
  });

  it('defaults the error status to 500', () => {
    expect(statusOf(new Error('boom'))).toBe(500);
    expect(statusOf({ statusCode: 503 })).toBe(503);
    expect(statusOf({ statusCode: 'x' })).toBe(500);
    expect(statusOf(null)).toBe(500);
  });
});

describe('UI primitives', () => {
  it('ties hint and error to the input with aria-describedby', () => {
    render(<TextField label="Email" hint="Folosit pentru polițe" error="Adresa nu este validă." />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Folosit pentru polițe Adresa nu este validă.');
  });

  it('announces errors assertively and other alerts politely', () => {
    render(
      <>
        <Alert tone="error">Plata a eșuat.</Alert>
        <Alert tone="success">Total {formatLeiFromBani(123456)}</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Plata a eșuat.');
    expect(screen.getByRole('status')).toHaveTextContent('Total 1.234,56 lei');
  });
});
