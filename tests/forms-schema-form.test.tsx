import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FORM_ERROR, useSchemaForm, VALIDATION_UNAVAILABLE } from '@/lib/forms/use-schema-form';
import { emailStepSchema } from '@/lib/validation/auth';

describe('useSchemaForm with a schema loaded on demand', () => {
  it('validates with the loaded schema, and reports a schema that cannot load without submitting', async () => {
    const onValid = vi.fn();
    const ok = renderHook(() =>
      useSchemaForm({ schema: () => Promise.resolve(emailStepSchema), defaultValues: { email: ' Ion@Exemplu.ro ' } }),
    );
    await act(() => ok.result.current.submit(onValid)());
    expect(onValid).toHaveBeenCalledWith({ email: 'ion@exemplu.ro' });

    onValid.mockClear();
    const failing = renderHook(() =>
      useSchemaForm({
        schema: () => Promise.reject<typeof emailStepSchema>(new Error('ChunkLoadError')),
        defaultValues: { email: 'ion@exemplu.ro' },
      }),
    );
    await act(() => failing.result.current.submit(onValid)());
    expect(onValid).not.toHaveBeenCalled();
    expect(failing.result.current.errorOf(FORM_ERROR)).toBe(VALIDATION_UNAVAILABLE);
    expect(failing.result.current.pending).toBe(false);
  });
});

describe('useSchemaForm server failures', () => {
  function Form({ failure }: { failure: unknown }) {
    const form = useSchemaForm({ schema: emailStepSchema, defaultValues: { email: 'ion@exemplu.ro' } });
    return (
      <form onSubmit={form.submit(() => Promise.reject(failure))} noValidate>
        {form.errorOf(FORM_ERROR) ? <div role="alert">{form.errorOf(FORM_ERROR)}</div> : null}
        <label htmlFor="e">Email</label>
        <input id="e" aria-invalid={form.errorOf('email') ? true : undefined} {...form.bind('email')} />
        <span>{form.errorOf('email')}</span>
        <button type="submit">Trimiteți</button>
      </form>
    );
  }

  it('puts the first message of a known field next to it (input. prefix dropped) and the rest on the form', async () => {
    const { ApiError } = await import('@/lib/api/errors');
    const failure = new ApiError({
      code: 'validation_failed',
      status: 422,
      message: '',
      fieldErrors: { 'input.email': ['Există deja un cont.', 'alt mesaj'], 'customer.phone': ['Telefon invalid.'] },
    });
    render(<Form failure={failure} />);
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți' }));
    expect(await screen.findByText('Există deja un cont.')).toBeInTheDocument();
    expect(screen.queryByText('alt mesaj')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Telefon invalid.');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveValue('ion@exemplu.ro');
  });
});
