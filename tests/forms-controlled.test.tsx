import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { RadioGroup } from '@/components/ui/radio-group';
import { TextField } from '@/components/ui/text-field';
import { FORM_ERROR, useFormValues, useSchemaForm, type SubmitOutcome } from '@/lib/forms/use-schema-form';
import { readDraft, resetDraftCache } from '@/lib/shop/draft-store';

type Values = { kind: string; name: string };
const schema = z.object({
  kind: z.string().min(1, 'Alegeți tipul.'),
  name: z.string().min(1, 'Introduceți numele.'),
});

/** A radio group (a controlled widget: no ref) and a conditional field on the layer. */
function KindForm({ onValid, defaults = { kind: '', name: '' } }: { onValid: () => Promise<SubmitOutcome> | SubmitOutcome; defaults?: Values }) {
  const form = useSchemaForm<Values>({ schema, defaultValues: defaults, draftKey: 'test:form' });
  const values = useFormValues(form);
  return (
    <form noValidate onSubmit={form.submit(onValid)}>
      <RadioGroup
        name="kind"
        legend="Tipul"
        value={values.kind}
        onChange={(v) => form.change('kind', v)}
        error={form.errorOf('kind')}
        options={[
          { value: 'person', label: 'Persoană' },
          { value: 'company', label: 'Firmă' },
        ]}
      />
      {values.kind === 'company' ? <TextField label="Denumirea" {...form.bind('name')} /> : <TextField label="Numele" {...form.bind('name')} />}
      <p>{form.errorOf(FORM_ERROR)}</p>
      <button type="submit">{form.pending ? 'Se trimite…' : 'Trimiteți'}</button>
    </form>
  );
}

beforeEach(() => {
  sessionStorage.clear();
  resetDraftCache();
});

describe('the form layer with controlled widgets', () => {
  it('change() sets the value, re-renders what depends on it (useFormValues), writes the draft and clears the message', async () => {
    const user = userEvent.setup();
    render(<KindForm onValid={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Trimiteți' }));
    const group = screen.getByRole('group', { name: 'Tipul' });
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    // The group is the first invalid element: focus goes to its first radio button.
    expect(screen.getByRole('radio', { name: 'Persoană' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'Firmă' }));
    expect(group).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: 'Denumirea' })).toBeInTheDocument();
    expect(readDraft('test:form')).toMatchObject({ kind: 'company' });
  });

  it('a page restored from the back/forward cache is ready again after a redirecting submit', async () => {
    const user = userEvent.setup();
    render(<KindForm onValid={() => 'redirecting'} />);
    await user.click(screen.getByRole('radio', { name: 'Persoană' }));
    await user.type(screen.getByRole('textbox', { name: 'Numele' }), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Trimiteți' }));
    expect(await screen.findByRole('button', { name: 'Se trimite…' })).toBeInTheDocument();
    // A normal page show keeps it busy; one from the back/forward cache does not.
    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    });
    expect(screen.getByRole('button', { name: 'Se trimite…' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    expect(screen.getByRole('button', { name: 'Trimiteți' })).toBeInTheDocument();
  });

  it('the server HTML shows the defaults (a page without JavaScript), the radio group its choice', () => {
    const html = renderToString(<KindForm onValid={() => undefined} defaults={{ kind: 'company', name: 'Exemplu SRL' }} />);
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Exemplu SRL"|<input[^>]*value="Exemplu SRL"[^>]*name="name"/);
    expect(html).toMatch(/<input[^>]*value="company"[^>]*checked=""|<input[^>]*checked=""[^>]*value="company"/);
  });
});
