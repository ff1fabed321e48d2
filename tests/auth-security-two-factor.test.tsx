import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const twoFactor = vi.hoisted(() => ({ listUserProviders: vi.fn(), removeTwoFactor: vi.fn(), generateCode: vi.fn() }));
// The backend calls are stubbed; the rest of the module (e.g. which provider a check uses) stays real.
vi.mock('@/lib/api/two-factor', async (importOriginal) => ({ ...(await importOriginal<object>()), ...twoFactor }));

import { SecurityTwoFactor } from '@/components/auth/security-two-factor';
import { useAuthStore } from '@/stores/auth-store';

const app = [{ code: 'authenticator', name: 'Aplicație', is_enabled: true, is_default: true }];
const refused = 'Codul nu a fost acceptat. Autentificarea în doi pași a rămas activă.';

beforeEach(() => {
  vi.clearAllMocks();
  twoFactor.listUserProviders.mockResolvedValue(app);
  useAuthStore.setState({ authenticated: false, user: null });
});

describe('SecurityTwoFactor (turning two-factor off)', () => {
  it('keeps two-factor on after a refused code, with the message on the code, then turns it off', async () => {
    twoFactor.removeTwoFactor.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    render(<SecurityTwoFactor />);
    const input = await screen.findByLabelText('Codul de verificare');
    await userEvent.type(input, '111 111');
    await userEvent.click(screen.getByRole('button', { name: 'Dezactivați autentificarea în doi pași' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(refused));
    expect(input).toHaveValue('111111');
    expect(twoFactor.removeTwoFactor).toHaveBeenCalledWith({ token: '', provider_code: 'authenticator', two_factor_code: '111111' });
    expect(screen.queryByText('Autentificarea în doi pași a fost dezactivată.')).toBeNull();
    await userEvent.clear(input);
    await userEvent.type(input, '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Dezactivați autentificarea în doi pași' }));
    expect(await screen.findByText('Autentificarea în doi pași a fost dezactivată.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activați autentificarea în doi pași' })).toBeInTheDocument();
  });

  it('turns off with a recovery code, and refuses an empty one without asking the backend', async () => {
    twoFactor.removeTwoFactor.mockResolvedValue(true);
    render(<SecurityTwoFactor />);
    await userEvent.click(await screen.findByLabelText('un cod de recuperare'));
    await userEvent.click(screen.getByRole('button', { name: 'Dezactivați autentificarea în doi pași' }));
    const recovery = screen.getByLabelText('Cod de recuperare');
    await waitFor(() => expect(recovery).toHaveAccessibleDescription('Introduceți un cod de recuperare.'));
    expect(twoFactor.removeTwoFactor).not.toHaveBeenCalled();
    await userEvent.type(recovery, ' ABCD-1234 ');
    await userEvent.click(screen.getByRole('button', { name: 'Dezactivați autentificarea în doi pași' }));
    await waitFor(() =>
      expect(twoFactor.removeTwoFactor).toHaveBeenCalledWith({ token: '', provider_code: 'authenticator', recovery_key: 'ABCD-1234' }),
    );
    expect(await screen.findByText('Autentificarea în doi pași a fost dezactivată.')).toBeInTheDocument();
  });
});

describe('SecurityTwoFactor (the "required" warning)', () => {
  const warning = /autentificarea în doi pași este obligatorie/;
  const requiredUser = () =>
    useAuthStore.setState({ authenticated: true, user: { email: 'obligatoriu2fa@exemplu.ro', is_two_factor_enabled: true, is_two_factor_required: true } as never });

  it('is shown when the backend says two-factor is required for this session', async () => {
    requiredUser();
    render(<SecurityTwoFactor required />);
    expect(await screen.findByText(warning)).toBeInTheDocument();
  });

  it('is not shown when two-factor is off globally, though the account is marked as required', async () => {
    // check-active-session: nothing is required while two-factor is off, so turning it off asks for no setup afterwards.
    requiredUser();
    render(<SecurityTwoFactor required={false} />);
    await screen.findByRole('button', { name: 'Dezactivați autentificarea în doi pași' });
    expect(screen.queryByText(warning)).toBeNull();
  });
});
