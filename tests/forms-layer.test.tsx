import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api/errors';
import { FORM_ERROR, useSchemaForm, VALIDATION_UNAVAILABLE, type SubmitOutcome } from '@/lib/forms/use-schema-form';
import { DRAFT_PREFIX, readDraft, resetDraftCache, writeDraft } from '@/lib/shop/draft-store';

const schema = z.object({
  plate: z.string().trim().min(1, 'Introduceți numărul de înmatriculare.'),
  owner: z.object({ name: z.string().trim().min(2, 'Introduceți numele.') }),
});
type Values = z.input<typeof schema>;
const defaults: Values = { plate: '', owner: { name: '' } };

function Form({
  load = () => Promise.resolve(schema),
  onValid = vi.fn(),
  draftKey,
  overrideDraft,
}: {
  load?: () => Promise<typeof schema>;
  onValid?: (data: z.output<typeof schema>) => Promise<SubmitOutcome> | SubmitOutcome;
  draftKey?: string;
  overrideDraft?: (values: Values) => Values;
}) {
  const form = useSchemaForm({ schema: load, defaultValues: defaults, uppercase: ['plate'], draftKey, overrideDraft });
  return (
    <form onSubmit={form.submit(onValid)} noValidate>
      {form.errorOf(FORM_ERROR) ? <p role="alert">{form.errorOf(FORM_ERROR)}</p> : null}
      <TextField label="Număr" {...form.bind('plate')} />
      <TextField label="Nume" {...form.bind('owner.name')} />
      <button type="submit" aria-disabled={form.pending || undefined}>
        {form.pending ? 'Se trimite…' : 'Trimiteți'}
      </button>
    </form>
  );
}

beforeEach(() => {
  sessionStorage.clear();
  resetDraftCache();
});

describe('useSchemaForm', () => {
  it('validates with the lazily loaded schema, focuses the first invalid field and sends nothing', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const onValid = vi.fn();
    render(<Form load={load} onValid={onValid} />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți' }));
    const plate = screen.getByLabelText('Număr');
    await waitFor(() => expect(plate).toHaveAccessibleDescription('Introduceți numărul de înmatriculare.'));
    expect(screen.getByLabelText('Nume')).toHaveAccessibleDescription('Introduceți numele.');
    // The focus moves once the messages are rendered, in a later task than the one that shows them.
    await waitFor(() => expect(plate).toHaveFocus());
    expect(onValid).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('sends the parsed values, upper-cases the plate and clears a message as soon as the field changes', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți' }));
    const name = screen.getByLabelText('Nume');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.type(name, ' Ion Popescu ');
    expect(name).not.toHaveAttribute('aria-invalid');
    await userEvent.type(screen.getByLabelText('Număr'), 'b123abc');
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0][0]).toEqual({ plate: 'B123ABC', owner: { name: 'Ion Popescu' } });
  });

  it('says so on the form and sends nothing when the validation code cannot be loaded, then loads it again', async () => {
    const load = vi.fn().mockRejectedValue(new Error('chunk failed'));
    const onValid = vi.fn();
    render(<Form load={load} onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Număr'), 'B123ABC');
    await userEvent.type(screen.getByLabelText('Nume'), 'Ion');
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION_UNAVAILABLE);
    expect(onValid).not.toHaveBeenCalled();
    // Back online: the next submit loads the schema again and sends.
    load.mockResolvedValue(schema);
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
  });

  it('maps a 422 onto its fields (the input. prefix dropped) and any other failure onto the form, keeping every value', async () => {
    const onValid = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError({ code: 'validation_failed', status: 422, message: '422', fieldErrors: { 'input.owner.name': ['Numele nu este valid.'] } }),
      )
      .mockRejectedValueOnce(new ApiError({ code: 'server_error', status: 500, message: '500', prettyMessage: 'Serviciul nu răspunde.' }));
    render(<Form onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Număr'), 'B123ABC');
    await userEvent.type(screen.getByLabelText('Nume'), 'Ion');
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți' }));
    const name = screen.getByLabelText('Nume');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Numele nu este valid.'));
    expect(name).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Serviciul nu răspunde.');
    expect(screen.getByLabelText('Număr')).toHaveValue('B123ABC');
    expect(name).toHaveValue('Ion');
  });

  it('stays busy while a redirecting handler leaves the page and refuses a second submit', async () => {
    const onValid = vi.fn(async () => 'redirecting' as const);
    render(<Form onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Număr'), 'B123ABC');
    await userEvent.type(screen.getByLabelText('Nume'), 'Ion');
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți' }));
    const busy = await screen.findByRole('button', { name: 'Se trimite…' });
    await userEvent.click(busy);
    expect(onValid).toHaveBeenCalledTimes(1);
  });
});

describe('useSchemaForm drafts', () => {
  it('restores a stored draft over the defaults, keeps only known fields of the right type, and writes every change', async () => {
    sessionStorage.setItem(`${DRAFT_PREFIX}rca:1`, JSON.stringify({ plate: 'CJ01ABC', owner: { name: 42 }, stray: 'x' }));
    render(<Form draftKey="rca:1" />);
    await waitFor(() => expect(screen.getByLabelText('Număr')).toHaveValue('CJ01ABC'));
    expect(screen.getByLabelText('Nume')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Nume'), 'Ana');
    await waitFor(() => expect(readDraft('rca:1')).toEqual({ plate: 'CJ01ABC', owner: { name: 'Ana' } }));
    expect(JSON.parse(sessionStorage.getItem(`${DRAFT_PREFIX}rca:1`)!)).toEqual({ plate: 'CJ01ABC', owner: { name: 'Ana' } });
  });

  it('applies the route override over a restored draft once', async () => {
    writeDraft('rca:2', { plate: 'CJ01ABC', owner: { name: 'Ana' } });
    render(<Form draftKey="rca:2" overrideDraft={(v) => ({ ...v, plate: 'B99XYZ' })} />);
    await waitFor(() => expect(screen.getByLabelText('Număr')).toHaveValue('B99XYZ'));
    expect(screen.getByLabelText('Nume')).toHaveValue('Ana');
  });
});

describe('useSchemaForm on a page with two forms', () => {
  function Small({ label }: { label: string }) {
    const form = useSchemaForm({ schema: z.object({ code: z.string().min(6, 'Introduceți codul.') }), defaultValues: { code: '' } });
    return (
      <form onSubmit={form.submit(vi.fn())} noValidate aria-label={label}>
        <TextField label={`Cod ${label}`} {...form.bind('code')} />
        <button type="submit">{`Trimiteți ${label}`}</button>
      </form>
    );
  }

  it('moves focus to the first invalid field of the form that was submitted, not of the other form', async () => {
    render(
      <>
        <Small label="A" />
        <Small label="B" />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți A' }));
    await waitFor(() => expect(screen.getByLabelText('Cod A')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Trimiteți B' }));
    await waitFor(() => expect(screen.getByLabelText('Cod B')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Cod A')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Cod B')).toHaveFocus());
  });
});
