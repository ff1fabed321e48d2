import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ToastHost } from '@/components/providers/toast-host';
import { browserEffects } from '@/lib/api/client';
import { isToastHostRequested, notify, resetToastHost } from '@/lib/toast';

afterEach(() => resetToastHost());

describe('toasts load on first use (SPEC §9)', () => {
  it('renders no container until a toast is asked for', () => {
    const { container } = render(<ToastHost />);
    expect(isToastHostRequested()).toBe(false);
    expect(container.querySelector('.Toastify')).toBeNull();
  });

  it('the first toast mounts the container and is shown, even though it was emitted before the container existed', async () => {
    render(<ToastHost />);
    await act(async () => {
      await notify.error('Prima eroare', { toastId: 'first' });
    });
    expect(isToastHostRequested()).toBe(true);
    expect(await screen.findByText('Prima eroare')).toBeInTheDocument();
  });

  it("the error catalogue's 422 messages arrive as toasts", async () => {
    render(<ToastHost />);
    act(() => browserEffects.toastErrors(['Adresa de email nu este validă.', 'Numărul de telefon nu este valid.']));
    await waitFor(() => expect(screen.getByText('Adresa de email nu este validă.')).toBeInTheDocument());
    expect(screen.getByText('Numărul de telefon nu este valid.')).toBeInTheDocument();
  });
});
