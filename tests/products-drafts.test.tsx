import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearDrafts, DRAFT_PREFIX, readDraft, resetDraftCache, writeDraft } from '@/lib/shop/draft-store';
import { useFormValues, useSchemaForm } from '@/lib/forms/use-schema-form';
import { mergeDraft } from '@/lib/shop/paths';

type Values = { plate: string; owner: { cnp: string }; offerId: string | null };
const defaults: Values = { plate: '', owner: { cnp: '' }, offerId: null };

/** A form on the one form layer with a sessionStorage draft (what the purchase forms use). */
function DraftForm({ override }: { override?: (v: Values) => Values }) {
  const form = useSchemaForm<Values>({ schema: () => Promise.reject(new Error('not used')), defaultValues: defaults, draftKey: 'rca:form', overrideDraft: override });
  const values = useFormValues(form);
  return (
    <div>
      <label>
        Plate
        <input {...form.bind('plate')} />
      </label>
      <label>
        CNP
        <input {...form.bind('owner.cnp')} />
      </label>
      <button onClick={() => form.change('offerId', 'groupama-standard')}>choose</button>
      <button onClick={form.clearDraft}>clear</button>
      <output>{values.offerId ?? 'none'}</output>
    </div>
  );
}

/** A page reload: the in-memory copy is gone, sessionStorage stays. */
function reload() {
  resetDraftCache();
}

beforeEach(() => {
  sessionStorage.clear();
  resetDraftCache();
});

describe('form drafts in sessionStorage', () => {
  it('keeps what was typed across a reload (remount with a fresh cache)', async () => {
    const user = userEvent.setup();
    const first = render(<DraftForm />);
    await user.type(screen.getByLabelText('Plate'), 'B123ABC');
    await user.type(screen.getByLabelText('CNP'), '1850615400011');
    await user.click(screen.getByText('choose'));
    expect(JSON.parse(sessionStorage.getItem(`${DRAFT_PREFIX}rca:form`)!)).toEqual({
      plate: 'B123ABC',
      owner: { cnp: '1850615400011' },
      offerId: 'groupama-standard',
    });
    first.unmount();

    reload();
    render(<DraftForm />);
    expect(screen.getByLabelText('Plate')).toHaveValue('B123ABC');
    expect(screen.getByLabelText('CNP')).toHaveValue('1850615400011');
    expect(screen.getByRole('status')).toHaveTextContent('groupama-standard');
    // Forgotten after the order.
    await user.click(screen.getByText('clear'));
    expect(sessionStorage.getItem(`${DRAFT_PREFIX}rca:form`)).toBeNull();
  });

  it('applies a route override over a stored draft once, then lets the visitor edit', async () => {
    writeDraft('rca:form', { plate: 'CJ45XYZ', owner: { cnp: '1850615400011' }, offerId: null });
    reload();
    render(<DraftForm override={(v) => ({ ...v, plate: 'B123ABC' })} />);
    expect(screen.getByLabelText('Plate')).toHaveValue('B123ABC');
    expect(screen.getByLabelText('CNP')).toHaveValue('1850615400011');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Plate'));
    await user.type(screen.getByLabelText('Plate'), 'IF10AAA');
    expect(screen.getByLabelText('Plate')).toHaveValue('IF10AAA');
  });

  it('clearing after the order forgets every step of that product only', () => {
    writeDraft('rca:form', { plate: 'B123ABC' });
    writeDraft('rca:details', { email: 'a@b.ro' });
    writeDraft('travel:form', { destination: 'Grecia' });
    act(() => clearDrafts('rca:'));
    reload();
    expect(readDraft('rca:form')).toBeUndefined();
    expect(readDraft('rca:details')).toBeUndefined();
    expect(readDraft('travel:form')).toEqual({ destination: 'Grecia' });
  });

  it('ignores an unreadable draft', () => {
    sessionStorage.setItem(`${DRAFT_PREFIX}rca:form`, '{not json');
    render(<DraftForm />);
    expect(screen.getByLabelText('Plate')).toHaveValue('');
  });
});

describe('draft merging and paths', () => {
  it('fills fields a stored draft lacks and refuses values of the wrong type', () => {
    const merged = mergeDraft({ a: '', b: { c: '1', d: false }, list: [] as string[], chosen: null as string | null }, {
      a: 'x',
      b: { c: 2 },
      list: ['p'],
      chosen: 'offer-1',
      unknown: 'dropped',
    });
    expect(merged).toEqual({ a: 'x', b: { c: '1', d: false }, list: ['p'], chosen: 'offer-1' });
  });
});
