import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api/errors';

const auth = vi.hoisted(() => ({
  emailExists: vi.fn(),
  login: vi.fn(),
  register: vi.fn(),
  googleSignIn: vi.fn(),
  generateResetToken: vi.fn(),
  resetPassword: vi.fn(),
}));
const twoFactor = vi.hoisted(() => ({ listUserProviders: vi.fn(), verifyCode: vi.fn(), generateCode: vi.fn() }));
const nav = vi.hoisted(() => ({ leaveTo: vi.fn() }));

vi.mock('@/lib/api/auth', () => ({ ...auth, ACCOUNT_IS_DELETED: 'account_is_deleted' }));
vi.mock('@/lib/api/two-factor', async (importActual) => ({ ...(await importActual<object>()), ...twoFactor }));
vi.mock('@/components/auth/navigate', async (importActual) => ({
  ...(await importActual<typeof import('@/components/auth/navigate')>()),
  leaveTo: nav.leaveTo,
}));

import { AuthenticateFlow } from '@/components/auth/authenticate-flow';
import { TwoFactorCheck } from '@/components/auth/two-factor-check';
import { returnTarget } from '@/components/auth/navigate';
import { useAuthStore } from '@/stores/auth-store';

const deleted = () => new ApiError({ code: 'account_is_deleted', status: 200, message: 'account_is_deleted' });

beforeEach(() => {
  vi.clearAllMocks();
  useAuthStore.getState().clear();
});

describe('returnTarget (last_url)', () => {
  it.each([
    ['/account/orders', '/account/orders'],
    ['/account/orders?page=2#top', '/account/orders?page=2#top'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['%2F%2Fevil.example', '/'],
    ['/%5Cevil.example', '/'],
    ['https:evil.example', '/'],
    [' //evil.example', '/'],
    ['\\/\\/evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['http://localhost:3100@evil.example', '/'],
  ])('%j → %j', (value, expected) => {
    expect(returnTarget(value)).toBe(expected);
  });
});

describe('AuthenticateFlow', () => {
  async function submitEmail(email: string) {
    await userEvent.type(screen.getByLabelText('Adresa de email'), email);
    await userEvent.click(screen.getByRole('button', { name: 'Continuați' }));
  }

  it('signs an existing user in and goes to a safe last_url', async () => {
    auth.emailExists.mockResolvedValue(true);
    auth.login.mockResolvedValue({ user: { email: 'ion@exemplu.ro' }, isTwoFactorEnabled: false });
    render(<AuthenticateFlow lastUrl="/account/orders" googleClientId="" />);
    await submitEmail('Ion@Exemplu.ro');
    // The schema and the resolver load on demand: the check runs once they are there.
    await waitFor(() => expect(auth.emailExists).toHaveBeenCalledWith('ion@exemplu.ro', ''));
    expect(await screen.findByRole('heading', { name: 'Autentificare' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Parola'), 'Parola123');
    await userEvent.click(screen.getByRole('button', { name: 'Autentificare' }));
    expect(auth.login).toHaveBeenCalledWith({ email: 'ion@exemplu.ro', password: 'Parola123', token: '' });
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, user: { email: 'ion@exemplu.ro' } });
    expect(nav.leaveTo).toHaveBeenCalledWith('/account/orders');
  });

  it('goes home instead of an off-site last_url', async () => {
    auth.emailExists.mockResolvedValue(true);
    auth.login.mockResolvedValue({ user: { email: 'ion@exemplu.ro' }, isTwoFactorEnabled: false });
    render(<AuthenticateFlow lastUrl="//evil.example" googleClientId="" />);
    await submitEmail('ion@exemplu.ro');
    await userEvent.type(await screen.findByLabelText('Parola'), 'Parola123');
    await userEvent.click(screen.getByRole('button', { name: 'Autentificare' }));
    expect(nav.leaveTo).toHaveBeenCalledWith('/');
  });

  it('offers registration for an unknown email and sends every field', async () => {
    auth.emailExists.mockResolvedValue(false);
    auth.register.mockResolvedValue({ user: { email: 'nou@exemplu.ro' }, isTwoFactorEnabled: false });
    render(<AuthenticateFlow googleClientId="" />);
    await submitEmail('nou@exemplu.ro');
    expect(await screen.findByRole('heading', { name: 'Creați un cont nou' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nume'), 'Pop');
    await userEvent.type(screen.getByLabelText('Prenume'), 'Ana');
    await userEvent.type(screen.getByLabelText('Telefon mobil'), '0722123456');
    await userEvent.type(screen.getByLabelText('Parola'), 'Parola123');
    await userEvent.type(screen.getByLabelText('Confirmați parola'), 'Parola123');
    await userEvent.click(screen.getByLabelText(/accept.*termenii/));
    await userEvent.click(screen.getByLabelText(/prelucrarea datelor/));
    await userEvent.click(screen.getByRole('button', { name: 'Creați contul' }));
    expect(auth.register).toHaveBeenCalledWith({
      email: 'nou@exemplu.ro',
      last_name: 'Pop',
      first_name: 'Ana',
      phone_number: '0722123456',
      password: 'Parola123',
      password_confirmation: 'Parola123',
      is_default_password: false,
      token: '',
    });
    expect(nav.leaveTo).toHaveBeenCalledWith('/');
  });

  it('shows the deleted-account notice after the email check', async () => {
    auth.emailExists.mockRejectedValueOnce(deleted());
    render(<AuthenticateFlow googleClientId="" />);
    await submitEmail('sters@exemplu.ro');
    expect(await screen.findByRole('link', { name: 'Contactați-ne' })).toHaveAttribute('href', '/contact-us');
    expect(screen.queryByLabelText('Parola')).not.toBeInTheDocument();
  });

  it('opens the reset form from the mailed link and drops the token from the address after success', async () => {
    window.history.replaceState(null, '', '/authenticate?reset_token=abc&email=ion%40exemplu.ro&last_url=%2Fx');
    auth.resetPassword.mockResolvedValue(undefined);
    render(<AuthenticateFlow resetToken="abc" resetEmail="ion@exemplu.ro" googleClientId="" />);
    await userEvent.type(screen.getByLabelText('Parola nouă'), 'Parola123');
    await userEvent.type(screen.getByLabelText('Confirmați parola nouă'), 'Parola123');
    await userEvent.click(screen.getByRole('button', { name: 'Salvați parola nouă' }));
    expect(auth.resetPassword).toHaveBeenCalledWith({
      email: 'ion@exemplu.ro',
      reset_token: 'abc',
      password: 'Parola123',
      password_confirmation: 'Parola123',
      token: '',
    });
    expect(await screen.findByText(/Parola a fost schimbată\. Vă puteți autentifica/)).toBeInTheDocument();
    expect(window.location.search).toBe('?last_url=%2Fx');
    expect(screen.getByLabelText('Adresa de email')).toHaveValue('ion@exemplu.ro');
  });

  it('forgets the typed password before the page goes into the back/forward cache (Back after signing in)', async () => {
    auth.emailExists.mockResolvedValue(true);
    auth.login.mockResolvedValue({ user: { email: 'ion@exemplu.ro' }, isTwoFactorEnabled: false });
    render(<AuthenticateFlow lastUrl="/account/orders" googleClientId="" />);
    await submitEmail('ion@exemplu.ro');
    await userEvent.type(await screen.findByLabelText('Parola'), 'Parola123');
    await userEvent.click(screen.getByLabelText('Afișați parola'));
    await userEvent.click(screen.getByRole('button', { name: 'Autentificare' }));
    expect(nav.leaveTo).toHaveBeenCalledWith('/account/orders');
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
      // Within the pagehide handler (act() renders only when it ends), before the browser keeps the page.
      expect(screen.getByLabelText('Parola')).toHaveValue('');
      expect(screen.getByLabelText('Parola')).toHaveAttribute('type', 'password');
    });
    expect(screen.getByLabelText('Adresa de email')).toHaveValue('ion@exemplu.ro');
  });

  it('forgets the new password typed on the reset form when the page comes back from the back/forward cache', async () => {
    auth.resetPassword.mockResolvedValue(undefined);
    render(<AuthenticateFlow resetToken="abc" resetEmail="ion@exemplu.ro" googleClientId="" />);
    await userEvent.type(screen.getByLabelText('Parola nouă'), 'Parola123');
    await userEvent.type(screen.getByLabelText('Confirmați parola nouă'), 'Parola123');
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(screen.getByLabelText('Parola nouă')).toHaveValue('');
    expect(screen.getByLabelText('Confirmați parola nouă')).toHaveValue('');
    // The link itself still works: the form sends its token with what is typed now.
    await userEvent.type(screen.getByLabelText('Parola nouă'), 'Parola456');
    await userEvent.type(screen.getByLabelText('Confirmați parola nouă'), 'Parola456');
    await userEvent.click(screen.getByRole('button', { name: 'Salvați parola nouă' }));
    expect(auth.resetPassword).toHaveBeenCalledWith(expect.objectContaining({ reset_token: 'abc', password: 'Parola456' }));
  });
});

describe('TwoFactorCheck', () => {
  it('refuses a wrong code, keeps it, then continues to last_url with the right one', async () => {
    twoFactor.listUserProviders.mockResolvedValue([{ code: 'authenticator', name: 'App', is_enabled: true, is_default: true }]);
    twoFactor.verifyCode.mockResolvedValueOnce(null).mockResolvedValueOnce({ is_verified: true, recovery_codes: null });
    render(<TwoFactorCheck lastUrl="/account/orders" />);
    const input = await screen.findByLabelText('Codul de verificare');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(input, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verificați și continuați' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/Codul nu a fost acceptat/));
    expect(input).toHaveValue('111111');
    expect(nav.leaveTo).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Verificați și continuați' }));
    await waitFor(() => expect(nav.leaveTo).toHaveBeenCalledWith('/account/orders'));
    expect(twoFactor.verifyCode).toHaveBeenLastCalledWith({ token: '', provider_code: 'authenticator', two_factor_code: '222222' });
  });

  it('checks the code in the browser first: a short code is refused on its field, nothing is sent', async () => {
    twoFactor.listUserProviders.mockResolvedValue([{ code: 'authenticator', name: 'App', is_enabled: true, is_default: true }]);
    render(<TwoFactorCheck lastUrl="/account/orders" />);
    const input = await screen.findByLabelText('Codul de verificare');
    await userEvent.type(input, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Verificați și continuați' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('Codul are 6 cifre.'));
    await waitFor(() => expect(input).toHaveFocus());
    expect(twoFactor.verifyCode).not.toHaveBeenCalled();
    await userEvent.type(input, '4');
    expect(input).not.toHaveAccessibleDescription('Codul are 6 cifre.');
  });

  it('accepts a recovery code instead', async () => {
    twoFactor.listUserProviders.mockResolvedValue([{ code: 'authenticator', name: 'App', is_enabled: true, is_default: true }]);
    twoFactor.verifyCode.mockResolvedValue({ is_verified: true, recovery_codes: null });
    render(<TwoFactorCheck lastUrl="https://evil.example" />);
    await userEvent.click(await screen.findByRole('button', { name: /cod de recuperare/ }));
    await userEvent.type(screen.getByLabelText('Cod de recuperare'), ' abcd-1234 ');
    await userEvent.click(screen.getByRole('button', { name: 'Verificați și continuați' }));
    await waitFor(() => expect(nav.leaveTo).toHaveBeenCalledWith('/'));
    expect(twoFactor.verifyCode).toHaveBeenCalledWith({ token: '', provider_code: 'authenticator', recovery_code: 'abcd-1234' });
  });

  it('for the email provider sends the code and then waits 30 s before resending', async () => {
    twoFactor.listUserProviders.mockResolvedValue([{ code: 'email', name: 'Email', is_enabled: true, is_default: true }]);
    twoFactor.generateCode.mockResolvedValue({ sent: true, expires_in: 600 });
    render(<TwoFactorCheck lastUrl="/account/orders" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Trimiteți codul pe email' }));
    expect(twoFactor.generateCode).toHaveBeenCalledWith('', 'email');
    const resend = await screen.findByRole('button', { name: 'Retrimiteți codul' });
    expect(resend).toBeDisabled();
    expect(screen.getByText(/Puteți cere alt cod în 30 s/)).toBeInTheDocument();
  });

  it("shows the backend's reason when no code was mailed (the hourly cap's wait), else a generic one", async () => {
    const cap = 'Ați cerut prea multe coduri în ultima oră. Puteți cere altul peste 42 de minute.';
    twoFactor.listUserProviders.mockResolvedValue([{ code: 'email', name: 'Email', is_enabled: true, is_default: true }]);
    twoFactor.generateCode.mockResolvedValueOnce({ sent: false, message: cap }).mockResolvedValueOnce({ sent: false, message: null });
    render(<TwoFactorCheck lastUrl="/account/orders" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Trimiteți codul pe email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(cap);
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți codul pe email' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Codul nu a putut fi trimis. Așteptați puțin și încercați din nou.'));
  });
});
