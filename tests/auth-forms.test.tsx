import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api/errors';
import { AUTH_MESSAGES as M } from '@/lib/validation/auth';
import { EmailStepForm } from '@/components/auth/email-step-form';
import { SignInForm } from '@/components/auth/sign-in-form';
import { RegisterForm } from '@/components/auth/register-form';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { ChangePasswordForm } from '@/components/auth/change-password-form';
import { DeletedAccountNotice } from '@/components/auth/deleted-account-notice';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const wrongPassword = () =>
  new ApiError({
    code: 'validation_failed',
    status: 422,
    message: '{"password":["Email sau parolă greșită."]}',
    fieldErrors: { password: ['Email sau parolă greșită.'] },
  });

describe('EmailStepForm', () => {
  it('validates in the browser and does not submit an invalid email', async () => {
    const onSubmit = vi.fn();
    render(<EmailStepForm onSubmit={onSubmit} />);
    const email = screen.getByLabelText('Adresa de email');
    await userEvent.type(email, 'ion@');
    await userEvent.click(screen.getByRole('button', { name: 'Continuați' }));
    // The schema loads on demand, so the field is marked (and focused) in the commit after the asynchronous
    // validation: on a busy machine that is after the click has returned.
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(email).toHaveAccessibleDescription(M.email);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveValue('ion@');
  });

  it('submits the normalised email and shows progress while waiting', async () => {
    const pending = deferred();
    const onSubmit = vi.fn(() => pending.promise);
    render(<EmailStepForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Adresa de email'), ' Ion@Exemplu.RO');
    await userEvent.click(screen.getByRole('button', { name: 'Continuați' }));
    expect(onSubmit).toHaveBeenCalledWith('ion@exemplu.ro');
    const busy = screen.getByRole('button', { name: /Se verifică/ });
    // Busy, and still holding the keyboard focus: aria-disabled, not disabled.
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveFocus();
    await userEvent.click(busy);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    pending.resolve();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continuați' })).toBeEnabled());
  });

  it('shows a failure that is not tied to a field as a form alert', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(new ApiError({ code: 'network_error', status: 0, message: 'x', prettyMessage: 'Serverul nu răspunde.' })),
    );
    render(<EmailStepForm defaultEmail="a@b.ro" onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continuați' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Serverul nu răspunde.');
    expect(screen.getByLabelText('Adresa de email')).toHaveValue('a@b.ro');
  });
});

describe('SignInForm', () => {
  it('shows the server 422 on the password field and keeps the email', async () => {
    const onSubmit = vi.fn(() => Promise.reject(wrongPassword()));
    render(<SignInForm email="ion@exemplu.ro" onSubmit={onSubmit} onForgotPassword={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Parola'), 'Gresita123');
    await userEvent.click(screen.getByRole('button', { name: 'Autentificare' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ion@exemplu.ro', password: 'Gresita123' });
    const password = await screen.findByLabelText('Parola');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Email sau parolă greșită.'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveValue('Gresita123');
    expect(screen.getByLabelText('Adresa de email')).toHaveValue('ion@exemplu.ro');
  });

  it('clears a field error as soon as the field changes', async () => {
    render(<SignInForm email="ion@exemplu.ro" onSubmit={() => Promise.reject(wrongPassword())} onForgotPassword={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Parola'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Autentificare' }));
    await screen.findByText('Email sau parolă greșită.');
    await userEvent.type(screen.getByLabelText('Parola'), 'y');
    expect(screen.queryByText('Email sau parolă greșită.')).not.toBeInTheDocument();
  });

  it('keeps the form busy when the caller is leaving the page', async () => {
    render(<SignInForm email="ion@exemplu.ro" onSubmit={async () => 'redirecting' as const} onForgotPassword={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Parola'), 'Parola123');
    await userEvent.click(screen.getByRole('button', { name: 'Autentificare' }));
    expect(await screen.findByRole('button', { name: /Se autentifică/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('passes the typed email to "forgot password"', async () => {
    const onForgot = vi.fn();
    render(<SignInForm email="ion@exemplu.ro" onSubmit={vi.fn()} onForgotPassword={onForgot} />);
    await userEvent.click(screen.getByRole('button', { name: 'Am uitat parola' }));
    expect(onForgot).toHaveBeenCalledWith('ion@exemplu.ro');
  });
});

describe('RegisterForm', () => {
  async function fillValid() {
    await userEvent.type(screen.getByLabelText('Nume'), 'Popescu');
    await userEvent.type(screen.getByLabelText('Prenume'), 'Ana');
    await userEvent.type(screen.getByLabelText('Telefon mobil'), '0722 123 456');
    await userEvent.type(screen.getByLabelText('Parola'), 'Parola123');
    await userEvent.type(screen.getByLabelText('Confirmați parola'), 'Parola123');
    await userEvent.click(screen.getByLabelText(/accept.*termenii/));
    await userEvent.click(screen.getByLabelText(/prelucrarea datelor/));
  }

  it('shows every browser-side error at once without submitting', async () => {
    const onSubmit = vi.fn();
    render(<RegisterForm email="nou@exemplu.ro" onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Parola'), 'scurt');
    await userEvent.type(screen.getByLabelText('Confirmați parola'), 'altceva');
    await userEvent.click(screen.getByRole('button', { name: 'Creați contul' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nume')).toHaveAccessibleDescription(M.required);
    expect(screen.getByLabelText('Telefon mobil')).toHaveAccessibleDescription(M.required);
    expect(screen.getByLabelText('Parola')).toHaveAccessibleDescription(expect.stringContaining(M.passwordMin));
    expect(screen.getByLabelText('Confirmați parola')).toHaveAccessibleDescription(M.confirmationMismatch);
    expect(screen.getByText(M.terms)).toBeInTheDocument();
    expect(screen.getByText(M.dataProcessing)).toBeInTheDocument();
    expect(screen.getByLabelText('Parola')).toHaveValue('scurt');
  });

  it('submits every SPEC §3 field normalised, and maps a server 422 onto its field', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError({
          code: 'validation_failed',
          status: 422,
          message: '',
          fieldErrors: { email: ['Există deja un cont cu acest email.'] },
        }),
      ),
    );
    render(<RegisterForm email="Nou@Exemplu.ro" onSubmit={onSubmit} />);
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Creați contul' }));
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'nou@exemplu.ro',
      last_name: 'Popescu',
      first_name: 'Ana',
      phone_number: '0722123456',
      password: 'Parola123',
      password_confirmation: 'Parola123',
      terms: true,
      data_processing: true,
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Adresa de email')).toHaveAccessibleDescription('Există deja un cont cu acest email.'),
    );
    expect(screen.getByLabelText('Adresa de email')).toHaveFocus();
    expect(screen.getByLabelText('Prenume')).toHaveValue('Ana');
    expect(screen.getByLabelText('Telefon mobil')).toHaveValue('0722 123 456');
  });
});

describe('ResetPasswordForm', () => {
  it('shows a used link as a form error and sends the token', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError({
          code: 'validation_failed',
          status: 422,
          message: '',
          fieldErrors: { reset_token: ['Linkul de resetare a expirat sau a fost deja folosit.'] },
        }),
      ),
    );
    render(<ResetPasswordForm email="ion@exemplu.ro" resetToken="tok" onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Adresa de email')).toHaveAttribute('readonly');
    await userEvent.type(screen.getByLabelText('Parola nouă'), 'Parola123');
    await userEvent.type(screen.getByLabelText('Confirmați parola nouă'), 'Parola123');
    await userEvent.click(screen.getByRole('button', { name: 'Salvați parola nouă' }));
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'ion@exemplu.ro',
      reset_token: 'tok',
      password: 'Parola123',
      password_confirmation: 'Parola123',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Linkul de resetare a expirat sau a fost deja folosit.');
  });
});

describe('ChangePasswordForm', () => {
  it('clears the inputs and confirms after success', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<ChangePasswordForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Parola actuală'), 'Veche123');
    await userEvent.type(screen.getByLabelText('Parola nouă'), 'Noua1234');
    await userEvent.type(screen.getByLabelText('Confirmați parola nouă'), 'Noua1234');
    await userEvent.click(screen.getByRole('button', { name: 'Schimbați parola' }));
    expect(onSubmit).toHaveBeenCalledWith({
      current_password: 'Veche123',
      password: 'Noua1234',
      password_confirmation: 'Noua1234',
    });
    expect(await screen.findByText('Parola a fost schimbată.')).toBeInTheDocument();
    expect(screen.getByLabelText('Parola actuală')).toHaveValue('');
  });
});

describe('DeletedAccountNotice', () => {
  it('explains and links to the contact page', async () => {
    const other = vi.fn();
    render(<DeletedAccountNotice email="sters@exemplu.ro" onUseAnotherEmail={other} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Contul asociat adresei sters@exemplu.ro a fost șters.');
    expect(screen.getByRole('link', { name: 'Contactați-ne' })).toHaveAttribute('href', '/contact-us');
    await userEvent.click(screen.getByRole('button', { name: 'Folosiți altă adresă' }));
    expect(other).toHaveBeenCalled();
  });
});
