import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { OtpInput, sanitizeOtp } from '@/components/auth/otp-input';
import { RecoveryCodesPanel, RECOVERY_CODES_FILENAME, recoveryCodesText } from '@/components/auth/recovery-codes-panel';
import {
  GOOGLE_FAILED_MESSAGE,
  GOOGLE_UNCONFIGURED_MESSAGE,
  GoogleSignInButton,
} from '@/components/auth/google-sign-in-button';
import { GOOGLE_IDENTITY_SRC, resetGoogleIdentityLoader } from '@/components/auth/load-google-identity';

function ControlledOtp() {
  const [value, setValue] = useState('');
  return <OtpInput id="otp" value={value} onChange={setValue} />;
}

describe('OtpInput', () => {
  it('is a one-time-code input with the numeric keypad', () => {
    render(<ControlledOtp />);
    const input = screen.getByLabelText('Codul de verificare');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('maxlength', '6');
  });

  it('keeps digits only when typing', async () => {
    render(<ControlledOtp />);
    const input = screen.getByLabelText('Codul de verificare');
    await userEvent.type(input, '12a3 4');
    expect(input).toHaveValue('1234');
  });

  it('accepts a pasted code with spaces or a dash', () => {
    render(<ControlledOtp />);
    const input = screen.getByLabelText('Codul de verificare');
    fireEvent.paste(input, { clipboardData: { getData: () => ' 123-456 ' } });
    expect(input).toHaveValue('123456');
  });

  it('sanitizes to at most six digits', () => {
    expect(sanitizeOtp('12 34 56 78')).toBe('123456');
    expect(sanitizeOtp('abc')).toBe('');
  });
});

describe('RecoveryCodesPanel', () => {
  const codes = ['AAAA-1111', 'BBBB-2222', 'CCCC-3333'];

  it('lists the codes and copies them', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<RecoveryCodesPanel codes={codes} onContinue={vi.fn()} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    await user.click(screen.getByRole('button', { name: 'Copiați codurile' }));
    expect(writeText).toHaveBeenCalledWith('AAAA-1111\nBBBB-2222\nCCCC-3333');
    expect(await screen.findByRole('status')).toHaveTextContent('Codurile au fost copiate.');
  });

  it('downloads a .txt file holding every code', async () => {
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:codes';
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe(RECOVERY_CODES_FILENAME);
      expect(this.href).toBe('blob:codes');
    });
    render(<RecoveryCodesPanel codes={codes} onContinue={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Descărcați (.txt)' }));
    expect(click).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0][0];
    const text = await blob.text();
    for (const code of codes) expect(text).toContain(code);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:codes');
    click.mockRestore();
  });

  it('continues when asked', async () => {
    const onContinue = vi.fn();
    render(<RecoveryCodesPanel codes={codes} onContinue={onContinue} />);
    await userEvent.click(screen.getByRole('button', { name: 'Am salvat codurile, continuați' }));
    expect(onContinue).toHaveBeenCalled();
  });

  it('writes a readable file', () => {
    expect(recoveryCodesText(['X'], new Date('2026-03-01T10:00:00Z'))).toContain('Generate la: 2026-03-01\n');
  });
});

describe('GoogleSignInButton', () => {
  afterEach(() => {
    resetGoogleIdentityLoader();
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    delete (window as unknown as { google?: unknown }).google;
  });

  it('says so when no client id is configured, without loading Google', () => {
    render(<GoogleSignInButton clientId="" onCredential={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Continuați cu Google' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(GOOGLE_UNCONFIGURED_MESSAGE);
    expect(document.querySelector(`script[src="${GOOGLE_IDENTITY_SRC}"]`)).toBeNull();
  });

  it('says so when the Google script fails to load', async () => {
    render(<GoogleSignInButton clientId="abc.apps.googleusercontent.com" onCredential={vi.fn()} />);
    const script = document.querySelector<HTMLScriptElement>(`script[src="${GOOGLE_IDENTITY_SRC}"]`);
    expect(script).not.toBeNull();
    fireEvent.error(script!);
    expect(await screen.findByText(GOOGLE_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuați cu Google' })).toBeDisabled();
  });

  it('renders Google’s button and hands its ID token over', async () => {
    const onCredential = vi.fn();
    let callback: ((r: { credential?: string }) => void) | undefined;
    const renderButton = vi.fn();
    render(<GoogleSignInButton clientId="abc.apps.googleusercontent.com" onCredential={onCredential} />);
    (window as unknown as { google: unknown }).google = {
      accounts: {
        id: {
          initialize: (o: { client_id: string; callback: (r: { credential?: string }) => void }) => {
            expect(o.client_id).toBe('abc.apps.googleusercontent.com');
            callback = o.callback;
          },
          renderButton,
        },
      },
    };
    fireEvent.load(document.querySelector(`script[src="${GOOGLE_IDENTITY_SRC}"]`)!);
    await waitFor(() => expect(renderButton).toHaveBeenCalled());
    expect(renderButton.mock.calls[0][1]).toMatchObject({ locale: 'ro', text: 'continue_with' });
    callback!({ credential: 'id-token' });
    expect(onCredential).toHaveBeenCalledWith('id-token');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
