import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearDrafts, DRAFT_PREFIX, readDraft, resetDraftCache, writeDraft } from '@/lib/shop/draft-store';
import { getIn, mergeDraft, setIn } from '@/lib/shop/paths';
import { useFormDraft } from '@/lib/shop/use-form-draft';

type Values = { plate: string; owner: { cnp: string }; offerId: string | null };
const defaults: Values = { plate: '', owner: { cnp: '' }, offerId: null };

function DraftForm({ override }: { override?: (v: Values) => Values }) {
  const [values, setValues, clear] = useFormDraft<Values>('rca:form', defaults, override);
  return (
    <div>
      <label>
        Plate
        <input value={values.plate} onChange={(e) => setValues((v) => ({ ...v, plate: e.target.value }))} />
      </label>
      <label>
        CNP
        <input value={values.owner.cnp} onChange={(e) => setValues((v) => setIn(v, 'owner.cnp', e.target.value))} />
      </label>
      <button onClick={() => setValues((v) => ({ ...v, offerId: 'groupama-standard' }))}>choose</button>
      <button onClick={clear}>clear</button>
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

  it('reads and writes nested paths immutably, arrays included', () => {
    const source = { travellers: [{ birth_date: '' }, { birth_date: '1990-01-01' }] };
    const next = setIn(source, 'travellers.0.birth_date', '1985-05-05');
    expect(getIn(next, 'travellers.0.birth_date')).toBe('1985-05-05');
    expect(Array.isArray(next.travellers)).toBe(true);
    expect(source.travellers[0].birth_date).toBe('');
    expect(next.travellers[1]).toBe(source.travellers[1]);
  });
});
