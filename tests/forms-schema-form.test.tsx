import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { OtpInput } from '@/components/auth/otp-input';
import { FORM_ERROR, lazyZodResolver, useFormField, useSchemaForm } from '@/lib/forms/use-schema-form';
import { AUTH_MESSAGES, emailStepSchema, twoFactorCodeSchema } from '@/lib/validation/auth';

// The layer's own tests are in tests/forms-layer.test.tsx; these cover what the auth and account forms added or need.
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

describe('useSchemaForm blur validation', () => {
  function Form({ onValid, onValidate }: { onValid: () => void; onValidate: () => void }) {
    // Counts the validations: every run of the schema passes through the preprocess step.
    const [schema] = useState(
      () => z.preprocess((values) => (onValidate(), values), emailStepSchema) as unknown as typeof emailStepSchema,
    );
    const form = useSchemaForm({ schema, defaultValues: { email: '' } });
    return (
      <form onSubmit={form.submit(onValid)} noValidate>
        <label htmlFor="e">Email</label>
        <input id="e" {...form.bind('email')} />
        <span data-testid="message">{form.errorOf('email')}</span>
        <label htmlFor="other">Altceva</label>
        <input id="other" />
        <button type="submit">Trimiteți</button>
      </form>
    );
  }

  it('checks a field when focus moves to another field, not when it moves to the submit button', async () => {
    const onValidate = vi.fn();
    const onValid = vi.fn();
    render(<Form onValid={onValid} onValidate={onValidate} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ion@');
    // Focus reaches the button at mousedown, before the click: a message shown then would move the button away.
    act(() => screen.getByRole('button', { name: 'Trimiteți' }).focus());
    await user.click(screen.getByLabelText('Email'));
    await user.click(screen.getByLabelText('Altceva'));
    await waitFor(() => expect(screen.getByTestId('message')).not.toBeEmptyDOMElement());
    // Validations run in order, so the one of the button blur would have been counted by now.
    expect(onValidate).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Trimiteți' }));
    await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(2));
    expect(onValid).not.toHaveBeenCalled();
  });
});

describe('useFormField (a controlled widget on the layer)', () => {
  function CodeForm({ onValid }: { onValid: (data: { two_factor_code: string }) => void }) {
    const form = useSchemaForm({ schema: twoFactorCodeSchema, defaultValues: { two_factor_code: '' } });
    const code = useFormField(form, 'two_factor_code');
    return (
      <form onSubmit={form.submit(onValid)} noValidate>
        {form.errorOf(FORM_ERROR) ? <div role="alert">{form.errorOf(FORM_ERROR)}</div> : null}
        <OtpInput id="code" {...code} />
        <button type="submit">Verificați</button>
        <button type="button" onClick={() => form.showErrors({ form: 'Eroare generală.' })}>
          Eroare
        </button>
      </form>
    );
  }

  it('validates the widget value, focuses it when invalid, and clears its message as it changes', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<CodeForm onValid={onValid} />);
    const input = screen.getByLabelText('Codul de verificare');
    await user.type(input, '12a3');
    expect(input).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Verificați' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(AUTH_MESSAGES.code));
    await waitFor(() => expect(input).toHaveFocus());
    expect(onValid).not.toHaveBeenCalled();
    await user.type(input, '4');
    expect(input).not.toHaveAccessibleDescription(AUTH_MESSAGES.code);
    await user.click(screen.getByRole('button', { name: 'Eroare' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Eroare generală.');
    await user.type(input, '56');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verificați' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ two_factor_code: '123456' }));
  });
});

describe('lazyZodResolver', () => {
  const resolve = (schema: z.ZodType<unknown, Record<string, unknown>>, values: Record<string, unknown>) =>
    lazyZodResolver(() => Promise.resolve(schema)).resolver(values, undefined, {} as never);

  it('maps a failed parse with the zod resolver: first message per dotted path, nested as the form reads it', async () => {
    const schema = z.object({
      vehicle: z.object({ plate: z.string().min(1, 'Introduceți numărul.').min(5, 'Prea scurt.') }),
      travellers: z.array(z.object({ birth_date: z.string().min(1, 'Introduceți data nașterii.') })),
    });
    const result = await resolve(schema, { vehicle: { plate: '' }, travellers: [{ birth_date: 'x' }, { birth_date: '' }] });
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      vehicle: { plate: { message: 'Introduceți numărul.' } },
      travellers: [undefined, { birth_date: { message: 'Introduceți data nașterii.' } }],
    });
    expect(Object.keys(result.errors)).toEqual(['vehicle', 'travellers']);
  });

  it('puts an issue about the whole value on the form and hands the parsed output on success', async () => {
    const schema = z.object({ a: z.string().trim(), b: z.string() }).refine((v) => v.a === v.b, 'Valorile diferă.');
    const refused = await resolve(schema, { a: 'x', b: 'y' });
    expect(refused.errors).toEqual({ root: { form: { type: 'custom', message: 'Valorile diferă.' } } });
    expect(await resolve(schema, { a: ' x ', b: 'x' })).toEqual({ values: { a: 'x', b: 'x' }, errors: {} });
  });
});

describe('useSchemaForm before hydration', () => {
  const schema = z.object({ plate: z.string(), note: z.string(), agree: z.boolean() });
  function Form({ onValid }: { onValid: (data: unknown) => void }) {
    const form = useSchemaForm({ schema, defaultValues: { plate: '', note: 'implicit', agree: false }, uppercase: ['plate'] });
    return (
      <form onSubmit={form.submit(onValid)} noValidate>
        <label htmlFor="p">Număr</label>
        <input id="p" {...form.bind('plate')} />
        <label htmlFor="n">Notă</label>
        <input id="n" {...form.bind('note')} />
        <label htmlFor="a">De acord</label>
        <input id="a" type="checkbox" {...form.bind('agree')} />
        <button type="submit">Trimiteți</button>
      </form>
    );
  }

  it('keeps what was typed into the server HTML before the scripts ran, normalised, and submits it', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const onValid = vi.fn();
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Form onValid={onValid} />);
    // The visitor types into the server-rendered fields (the default of the second one is left as it was).
    (container.querySelector('#p') as HTMLInputElement).value = 'b123abc';
    let root: import('react-dom/client').Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Form onValid={onValid} />);
    });
    expect(screen.getByLabelText('Număr')).toHaveValue('B123ABC');
    expect(screen.getByLabelText('Notă')).toHaveValue('implicit');
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0][0]).toEqual({ plate: 'B123ABC', note: 'implicit', agree: false });
    act(() => root?.unmount());
    container.remove();
  });
});
