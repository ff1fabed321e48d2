import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const twoFactor = vi.hoisted(() => ({ generateQrCode: vi.fn(), verifyCode: vi.fn(), generateCode: vi.fn() }));
const providers = vi.hoisted(() => ({ listProviders: vi.fn(), listUserProviders: vi.fn() }));
const nav = vi.hoisted(() => ({ leaveTo: vi.fn() }));
const session = vi.hoisted(() => ({ endSession: vi.fn() }));

vi.mock('@/lib/api/two-factor', async (importActual) => ({ ...(await importActual<object>()), ...twoFactor }));
vi.mock('@/lib/session/two-factor-providers', () => providers);
vi.mock('@/lib/session/end-session', () => session);
vi.mock('@/components/auth/navigate', async (importActual) => ({
  ...(await importActual<typeof import('@/components/auth/navigate')>()),
  leaveTo: nav.leaveTo,
}));

import { TwoFactorSetup } from '@/components/auth/two-factor-setup';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const CODES = ['AAAA-1111-BBBB', 'CCCC-2222-DDDD', 'EEEE-3333-FFFF'];
const ON = 'Autentificarea în doi pași este deja activă pentru contul dumneavoastră.';

beforeEach(() => {
  vi.clearAllMocks();
  providers.listProviders.mockResolvedValue([
    { code: 'authenticator', name: 'Aplicație de autentificare', description: 'Google Authenticator, Authy' },
    { code: 'email', name: 'Cod prin email', description: 'Un cod pe adresa contului' },
  ]);
  providers.listUserProviders.mockResolvedValue([]);
  twoFactor.generateQrCode.mockResolvedValue({ qr: { secret: SECRET, otpauth_url: 'otpauth://totp/x', qr_code: 'data:image/png;base64,AA==' } });
  twoFactor.verifyCode.mockResolvedValue({ is_verified: true, recovery_codes: CODES });
  twoFactor.generateCode.mockResolvedValue({ sent: true, expires_in: 600 });
});

/** Chooses a provider and continues to its verify step. */
async function start(provider: RegExp = /Aplicație de autentificare/) {
  render(<TwoFactorSetup lastUrl="/account/security" />);
  await userEvent.click(await screen.findByRole('radio', { name: provider }));
  await userEvent.click(screen.getByRole('button', { name: 'Continuați' }));
}

/** Sets the authenticator up; the page then shows the recovery codes. */
async function activate() {
  await start();
  await userEvent.type(await screen.findByLabelText('Codul de 6 cifre'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Activați' }));
  expect(await screen.findByRole('list', { name: 'Coduri de recuperare' })).toBeInTheDocument();
  for (const code of CODES) expect(screen.getByText(code)).toBeInTheDocument();
}

function expectNoSecret() {
  expect(screen.queryByRole('list', { name: 'Coduri de recuperare' })).toBeNull();
  for (const code of CODES) expect(screen.queryByText(code)).toBeNull();
  expect(screen.queryByTestId('two-factor-secret')).toBeNull();
  expect(document.body.innerHTML).not.toContain(SECRET.slice(0, 8));
}

const pageTransition = (type: 'pagehide' | 'pageshow') => new PageTransitionEvent(type, { persisted: true });

describe('TwoFactorSetup: the key and the recovery codes are shown once', () => {
  it('keeps the codes on screen while the customer is on the page, then continues to last_url', async () => {
    await activate();
    expect(twoFactor.verifyCode).toHaveBeenCalledWith({ token: '', provider_code: 'authenticator', two_factor_code: '123456', secret: SECRET });
    act(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    Reflect.deleteProperty(document, 'visibilityState');
    expect(screen.getByRole('list', { name: 'Coduri de recuperare' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Am salvat codurile, continuați' }));
    expect(nav.leaveTo).toHaveBeenCalledWith('/account/security');
  });

  it('drops the codes before the page goes into the back/forward cache, and shows two-factor on instead', async () => {
    await activate();
    act(() => {
      window.dispatchEvent(pageTransition('pagehide'));
      // Within the pagehide handler (act() renders only when it ends): the document the browser keeps lacks them.
      expectNoSecret();
      expect(screen.getByText(ON)).toBeInTheDocument();
    });
    expect(screen.getByRole('link', { name: 'Continuați' })).toHaveAttribute('href', '/account/security');
    act(() => {
      window.dispatchEvent(pageTransition('pageshow'));
    });
    expectNoSecret();
    expect(screen.getByText(ON)).toBeInTheDocument();
  });

  it('drops the codes when the page comes back from the back/forward cache', async () => {
    await activate();
    act(() => {
      window.dispatchEvent(pageTransition('pageshow'));
    });
    expectNoSecret();
    expect(screen.getByText(ON)).toBeInTheDocument();
  });

  it('drops a key not confirmed yet: back to the choice, and continuing asks for a new one', async () => {
    await start();
    expect(await screen.findByTestId('two-factor-secret')).toHaveAttribute('data-secret', SECRET);
    act(() => {
      window.dispatchEvent(pageTransition('pagehide'));
      expectNoSecret();
    });
    expect(screen.queryByRole('img', { name: 'Cod QR pentru aplicația de autentificare' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continuați' }));
    expect(await screen.findByTestId('two-factor-secret')).toBeInTheDocument();
    expect(twoFactor.generateQrCode).toHaveBeenCalledTimes(2);
  });

  it('keeps the email step, which shows no secret', async () => {
    await start(/Cod prin email/);
    expect(await screen.findByRole('heading', { name: 'Introduceți codul primit pe email' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(pageTransition('pagehide'));
    });
    expect(screen.getByRole('heading', { name: 'Introduceți codul primit pe email' })).toBeInTheDocument();
  });
});

describe('TwoFactorSetup: a session signed in too long ago', () => {
  it('says why, and the button ends the session to sign in again (no key shown)', async () => {
    const reason = 'Din motive de siguranță, activarea autentificării în doi pași cere o autentificare recentă. Autentificați-vă din nou, apoi reluați activarea.';
    twoFactor.generateQrCode.mockResolvedValue({ qr: null, signInAgain: reason });
    await start();
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expectNoSecret();
    await userEvent.click(screen.getByRole('button', { name: 'Autentificați-vă din nou' }));
    await vi.waitFor(() => expect(session.endSession).toHaveBeenCalledWith({ reason: 'sign-in-again' }));
  });

  it('any other failure keeps the choice and says the QR code could not be made', async () => {
    twoFactor.generateQrCode.mockResolvedValue({ qr: null, signInAgain: null });
    await start();
    expect(await screen.findByText('Nu am putut genera codul QR. Încercați din nou.')).toBeInTheDocument();
    expect(session.endSession).not.toHaveBeenCalled();
  });
});
