import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ContactForm } from '@/components/content/contact-form';
import { ApiError } from '@/lib/api/errors';

// Typing-heavy UI tests: allow for a loaded CI machine.
vi.setConfig({ testTimeout: 20_000 });

async function fill() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Nume și prenume/), 'Ana Popescu');
  await user.type(screen.getByLabelText(/^Email/), 'ana@exemplu.ro');
  await user.selectOptions(screen.getByLabelText(/Subiect/), 'Daună');
  await user.type(screen.getByLabelText(/Mesaj/), 'Am avut un accident ieri, ce fac?');
  return user;
}

describe('contact form', () => {
  it('shows Romanian messages on the invalid fields and sends nothing', async () => {
    const send = vi.fn();
    render(<ContactForm send={send} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Trimiteți mesajul' }));
    // The schema loads on demand, so the messages and the focus come after the (asynchronous) validation.
    await waitFor(() => expect(screen.getByLabelText(/Nume și prenume/)).toHaveAccessibleDescription('Introduceți numele.'));
    expect(screen.getByLabelText(/Mesaj/)).toHaveAccessibleDescription('Mesajul trebuie să aibă cel puțin 10 caractere.');
    await waitFor(() => expect(screen.getByLabelText(/Nume și prenume/)).toHaveFocus());
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the message, confirms and clears the form', async () => {
    const send = vi.fn(() => Promise.resolve());
    render(<ContactForm send={send} />);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Trimiteți mesajul' }));
    expect(send).toHaveBeenCalledWith({
      name: 'Ana Popescu',
      email: 'ana@exemplu.ro',
      phone_number: undefined,
      subject: 'Daună',
      message: 'Am avut un accident ieri, ce fac?',
    });
    expect(await screen.findByText('Mesajul a fost trimis')).toBeInTheDocument();
    expect(screen.getByLabelText(/Mesaj/)).toHaveValue('');
  });

  it('keeps everything typed when the server fails, and shows why', async () => {
    const send = vi.fn(() =>
      Promise.reject(new ApiError({ code: 'server_error', status: 500, message: 'boom', prettyMessage: 'Serverul nu a răspuns.' })),
    );
    render(<ContactForm send={send} />);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Trimiteți mesajul' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Serverul nu a răspuns.');
    expect(screen.getByLabelText(/Nume și prenume/)).toHaveValue('Ana Popescu');
    expect(screen.getByLabelText(/Mesaj/)).toHaveValue('Am avut un accident ieri, ce fac?');
    expect(screen.getByLabelText(/Subiect/)).toHaveValue('Daună');
  });

  it('puts a 422 field message on its field', async () => {
    const send = vi.fn(() =>
      Promise.reject(
        new ApiError({ code: 'validation_failed', status: 422, message: 'x', fieldErrors: { email: ['Domeniul nu primește email.'] } }),
      ),
    );
    render(<ContactForm send={send} />);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Trimiteți mesajul' }));
    expect(await screen.findByText('Domeniul nu primește email.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });
});
