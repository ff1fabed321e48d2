import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { submitBeforeHydrationScript } from '@/components/layout/theme-script';

/**
 * The inline <head> script that holds a form submitted before hydration (components/layout/theme-script.ts): the
 * native submission (a GET to the page itself, with what was typed, a password included, in the address) never
 * happens; the form is sent again through its own handler once the client router has mounted; forms with an
 * `action` of their own are left to the browser.
 */
let installed = false;
const submits: { form: HTMLFormElement; prevented: boolean; submitter: HTMLElement | null }[] = [];

function record(event: Event) {
  // After the script's capture listener: what the browser (or React's handler) would see.
  submits.push({ form: event.target as HTMLFormElement, prevented: event.defaultPrevented, submitter: (event as SubmitEvent).submitter ?? null });
  event.preventDefault(); // jsdom cannot navigate
}

beforeEach(() => {
  vi.useFakeTimers();
  if (!installed) {
    // Runs once per document, as in <head>.
    new Function(submitBeforeHydrationScript)();
    installed = true;
  }
  document.body.innerHTML = '';
  submits.length = 0;
  document.addEventListener('submit', record);
});

afterEach(() => {
  document.removeEventListener('submit', record);
  document.querySelector('next-route-announcer')?.remove();
  vi.useRealTimers();
});

function signInForm(): { form: HTMLFormElement; button: HTMLButtonElement } {
  document.body.innerHTML = `<form><input name="email" value="a@b.ro"><input type="password" name="password" value="secret"><button type="submit">Intrați</button></form>`;
  return { form: document.querySelector('form')!, button: document.querySelector('button')! };
}

function hydrate() {
  document.body.appendChild(document.createElement('next-route-announcer'));
}

describe('submitBeforeHydrationScript', () => {
  it('holds a submit before hydration (no native GET with the password) and resends it through the form once hydrated', () => {
    const { form, button } = signInForm();
    form.requestSubmit(button);
    expect(submits).toEqual([{ form, prevented: true, submitter: button }]);
    vi.advanceTimersByTime(500);
    expect(submits).toHaveLength(1);
    hydrate();
    vi.advanceTimersByTime(60);
    expect(submits).toHaveLength(2);
    // The second one is the page's own handler's turn: the script does not touch it.
    expect(submits[1]).toMatchObject({ form, submitter: button });
    expect(window.location.search).toBe('');
  });

  it('pressed several times before hydration, the form is sent again once', () => {
    const { form, button } = signInForm();
    form.requestSubmit(button);
    form.requestSubmit(button);
    form.requestSubmit();
    expect(submits.every((s) => s.prevented)).toBe(true);
    hydrate();
    vi.advanceTimersByTime(500);
    expect(submits).toHaveLength(4);
  });

  it('leaves a form with its own action to the browser, and a hydrated page to React', () => {
    document.body.innerHTML = `<form method="get" action="/rca"><input name="plate" value="B123ABC"></form>`;
    const form = document.querySelector('form')!;
    form.requestSubmit();
    expect(submits).toEqual([{ form, prevented: false, submitter: null }]);

    const { form: other } = signInForm();
    hydrate();
    other.requestSubmit();
    vi.advanceTimersByTime(500);
    expect(submits).toHaveLength(2);
    expect(submits[1]).toMatchObject({ form: other, prevented: false });
  });

  it('a form removed before hydration is not sent', () => {
    const { form, button } = signInForm();
    form.requestSubmit(button);
    form.remove();
    hydrate();
    vi.advanceTimersByTime(500);
    expect(submits).toHaveLength(1);
  });
});
