import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { plateEntryMessages } from '@/lib/validation/plate-entry';

const leaveTo = vi.fn();
vi.mock('@/components/auth/navigate', async (importActual) => ({
  ...(await importActual<typeof import('@/components/auth/navigate')>()),
  leaveTo: (target: string) => leaveTo(target),
}));

// A fresh copy of the box per test: the module keeps the loaded form layer, and one test makes it fail to load.
async function renderBox(props: { plate?: string; vin?: string; errors?: Record<string, string> } = {}) {
  const { RcaPlateForm } = await import('@/components/home/rca-plate-form');
  render(<RcaPlateForm {...props} />);
  return {
    plate: screen.getByRole('textbox', { name: 'Număr de înmatriculare' }) as HTMLInputElement,
    vin: screen.getByRole('textbox', { name: /Serie de șasiu/ }) as HTMLInputElement,
    send: screen.getByRole('button', { name: 'Vedeți ofertele RCA' }),
  };
}

/** The box on the form layer: its inputs are new elements with react-hook-form's handlers. */
async function waitForLive(before: HTMLInputElement) {
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Număr de înmatriculare' })).not.toBe(before));
  return screen.getByRole('textbox', { name: 'Număr de înmatriculare' }) as HTMLInputElement;
}

// Transformed once up front, so the waits below measure the swap, not a cold compile on a busy machine.
beforeAll(async () => {
  await import('@/components/home/rca-plate-form-live');
  await import('@/lib/validation/plate-entry-schema');
});

beforeEach(() => {
  vi.resetModules();
  vi.doUnmock('@/components/home/rca-plate-form-live');
  leaveTo.mockReset();
});

describe('home plate box on the form layer', () => {
  it('is a plain GET form to /rca until focused, then takes over with what was typed and the caret where it was', async () => {
    const { plate } = await renderBox();
    const form = plate.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/rca');
    // Typed before the layer arrives (no handler normalises yet), caret after "b 12".
    plate.value = 'b 123 abc';
    plate.focus();
    plate.setSelectionRange(4, 4);
    const live = await waitForLive(plate);
    expect(live).toHaveValue('B123ABC');
    expect(live).toHaveFocus();
    expect(live.selectionStart).toBe(3);
  });

  it('takes over at the first keystroke in a box that was focused before the page ran', async () => {
    const { plate } = await renderBox();
    plate.value = 'cj 45';
    fireEvent.input(plate);
    const live = await waitForLive(plate);
    expect(live).toHaveValue('CJ45');
  });

  it('checks a box that was typed into and left before the layer arrived, as leaving it would have', async () => {
    const { plate, vin } = await renderBox();
    plate.value = 'b 12 ab';
    vin.focus();
    const live = await waitForLive(plate);
    await waitFor(() => expect(live).toHaveAccessibleDescription(plateEntryMessages.plate));
    expect(screen.getByRole('textbox', { name: /Serie de șasiu/ })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Serie de șasiu/ })).not.toHaveAttribute('aria-invalid');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('normalises as typed, keeps the caret after a mid-text edit, and opens the prefilled quote', async () => {
    const { plate } = await renderBox();
    await userEvent.click(plate);
    const live = await waitForLive(plate);
    await userEvent.type(live, 'b 123 abc');
    expect(live).toHaveValue('B123ABC');
    live.setSelectionRange(1, 1);
    await userEvent.type(live, '-x', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(live).toHaveValue('BX123ABC');
    expect(live.selectionStart).toBe(2);
    await userEvent.clear(live);
    await userEvent.type(live, 'cj-45-xyz');
    await userEvent.type(screen.getByRole('textbox', { name: /Serie de șasiu/ }), 'wvwzzz1jzxw 000001');
    await userEvent.click(screen.getByRole('button', { name: 'Vedeți ofertele RCA' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/rca/CJ45XYZ/WVWZZZ1JZXW000001'));
  });

  it('refuses an invalid plate with the Romanian message on the field, focused, and leaves nothing', async () => {
    const { plate } = await renderBox();
    await userEvent.click(plate);
    const live = await waitForLive(plate);
    await userEvent.type(live, 'xx 12 abc{Enter}');
    await waitFor(() => expect(live).toHaveAccessibleDescription(plateEntryMessages.plate));
    expect(live).toHaveAttribute('aria-invalid', 'true');
    expect(live).toHaveFocus();
    expect(live).toHaveValue('XX12ABC');
    expect(leaveTo).not.toHaveBeenCalled();
    // Typing clears the message, as on every form.
    await userEvent.type(live, '{Backspace}');
    expect(live).not.toHaveAttribute('aria-invalid');
  });

  it('a submit before the layer has loaded waits for it, then checks and sends once', async () => {
    const { plate, vin } = await renderBox();
    plate.value = 'b 123 abc';
    vin.value = 'prea-scurt';
    fireEvent.submit(plate.closest('form')!);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Serie de șasiu/ })).toHaveAccessibleDescription(plateEntryMessages.vin));
    expect(leaveTo).not.toHaveBeenCalled();
    const liveVin = screen.getByRole('textbox', { name: /Serie de șasiu/ });
    // Focus follows the render that shows the message (a busy machine can run a check between the two).
    await waitFor(() => expect(liveVin).toHaveFocus());
    await userEvent.clear(liveVin);
    await userEvent.click(screen.getByRole('button', { name: 'Vedeți ofertele RCA' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledTimes(1));
    expect(leaveTo).toHaveBeenCalledWith('/rca/B123ABC');
  });

  it("keeps the server's message (sent without JavaScript) on a box still holding what was refused, drops it on one that changed", async () => {
    const { plate, vin } = await renderBox({ plate: 'xx1', vin: 'prea-scurt', errors: { registration_plate: plateEntryMessages.plate, vin: plateEntryMessages.vin } });
    expect(plate).toHaveAccessibleDescription(plateEntryMessages.plate);
    expect(vin).toHaveAccessibleDescription(plateEntryMessages.vin);
    vin.value = 'wvwzzz1jzxw000001';
    vin.focus();
    const live = await waitForLive(plate);
    expect(live).toHaveAccessibleDescription(plateEntryMessages.plate);
    expect(live).toHaveAttribute('aria-invalid', 'true');
    const liveVin = screen.getByRole('textbox', { name: /Serie de șasiu/ });
    expect(liveVin).not.toHaveAttribute('aria-invalid');
    expect(liveVin).toHaveFocus();
  });

  it('sends the plain form to the RCA page, which checks it, when the layer cannot load', async () => {
    vi.doMock('@/components/home/rca-plate-form-live', () => {
      throw new Error('chunk failed');
    });
    const nativeSubmit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    try {
      const { plate } = await renderBox();
      plate.value = 'b 123 abc';
      await act(async () => {
        fireEvent.submit(plate.closest('form')!);
      });
      await waitFor(() => expect(nativeSubmit).toHaveBeenCalledTimes(1));
      expect(screen.getByRole('textbox', { name: 'Număr de înmatriculare' })).toBe(plate);
      expect(leaveTo).not.toHaveBeenCalled();
    } finally {
      nativeSubmit.mockRestore();
    }
  });
});
