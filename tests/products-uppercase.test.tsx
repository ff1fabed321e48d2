import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TextField } from '@/components/ui/text-field';
import { readDraft, resetDraftCache } from '@/lib/shop/draft-store';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { toBucharestDay } from '@/lib/time';
import { rcaInputSchema } from '@/lib/validation/products/rca';
import { emptyRcaForm } from '@/contract/products/rca-values';

function PlateForm() {
  const form = useSchemaForm({
    schema: () => rcaInputSchema() as never,
    draftKey: 'rca:form',
    defaultValues: () => emptyRcaForm(toBucharestDay(new Date())),
    uppercase: ['registration_plate', 'vin'],
  });
  return (
    <form noValidate onSubmit={form.submit(() => undefined)}>
      <TextField label="Număr de înmatriculare" uppercase {...form.bind('registration_plate')} />
      <TextField label="Serie de șasiu (VIN)" uppercase {...form.bind('vin')} />
      <TextField label="Marca" {...form.bind('vehicle.make')} />
      <button type="submit">Vedeți ofertele</button>
    </form>
  );
}

beforeEach(() => {
  sessionStorage.clear();
  resetDraftCache();
});

describe('upper-case inputs (SPEC §5)', () => {
  it('forces plate and VIN to upper case on every key, in the field and in the draft', async () => {
    const user = userEvent.setup();
    render(<PlateForm />);
    await user.type(screen.getByLabelText('Număr de înmatriculare'), 'b123abc');
    await user.type(screen.getByLabelText('Serie de șasiu (VIN)'), 'wvwzzz1jzxw000001');
    expect(screen.getByLabelText('Număr de înmatriculare')).toHaveValue('B123ABC');
    expect(screen.getByLabelText('Serie de șasiu (VIN)')).toHaveValue('WVWZZZ1JZXW000001');
    expect(readDraft('rca:form')).toMatchObject({ registration_plate: 'B123ABC', vin: 'WVWZZZ1JZXW000001' });
  });

  it('leaves other fields as typed', async () => {
    const user = userEvent.setup();
    render(<PlateForm />);
    await user.type(screen.getByLabelText('Marca'), 'Volkswagen');
    expect(screen.getByLabelText('Marca')).toHaveValue('Volkswagen');
  });

  it('shows the schema messages on the fields after submit and on blur', async () => {
    const user = userEvent.setup();
    render(<PlateForm />);
    await user.type(screen.getByLabelText('Număr de înmatriculare'), 'zz1');
    await user.tab();
    await waitFor(() => expect(screen.getByLabelText('Număr de înmatriculare')).toHaveAccessibleDescription(/Numărul de înmatriculare nu este valid/));
    await user.click(screen.getByRole('button', { name: 'Vedeți ofertele' }));
    expect(await screen.findByText('Introduceți seria de șasiu (VIN).')).toBeInTheDocument();
    expect(screen.getByLabelText('Serie de șasiu (VIN)')).toHaveAccessibleDescription('Introduceți seria de șasiu (VIN).');
    expect(screen.getByLabelText('Număr de înmatriculare')).toHaveFocus();
  });
});
