import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FormError } from '@/components/auth/form-error';
import { TextField } from '@/components/ui/text-field';
import { FORM_ERROR, useSchemaForm, VALIDATION_UNAVAILABLE, type SchemaSource } from '@/lib/forms/use-schema-form';
import { resetDraftCache } from '@/lib/shop/draft-store';
import { toBucharestDay } from '@/lib/time';
import { emptyRcaForm } from '@/contract/products/rca-values';
import { rcaMessages } from '@/contract/products/rca-values';

const loadRcaSchema = () => import('@/lib/validation/products/rca').then((m) => m.rcaInputSchema() as never);

function RcaFields({ schema, onValid }: { schema: SchemaSource<never>; onValid: (input: unknown) => void }) {
  const form = useSchemaForm({ schema, draftKey: 'rca:form', defaultValues: () => emptyRcaForm(toBucharestDay(new Date())) });
  return (
    <form noValidate onSubmit={form.submit(onValid)}>
      <TextField label="Număr de înmatriculare" {...form.bind('registration_plate')} />
      <TextField label="Serie de șasiu (VIN)" {...form.bind('vin')} />
      <TextField label="Marca" {...form.bind('vehicle.make')} />
      <FormError message={form.errorOf(FORM_ERROR)} />
      <button type="submit">Vedeți ofertele</button>
    </form>
  );
}

beforeEach(() => {
  sessionStorage.clear();
  resetDraftCache();
});

describe('purchase forms with the schema loaded on demand', () => {
  it('a blur validates the field with the loaded schema; a submit shows every error and sends nothing', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<RcaFields schema={loadRcaSchema} onValid={onValid} />);
    await user.click(screen.getByLabelText('Marca'));
    // Leaving for another field validates (leaving for the submit button does not: the submit validates all).
    await user.click(screen.getByLabelText('Serie de șasiu (VIN)'));
    await waitFor(() => expect(screen.getByLabelText('Marca')).toHaveAccessibleDescription(rcaMessages.make));
    await user.click(screen.getByRole('button', { name: 'Vedeți ofertele' }));
    await waitFor(() => expect(screen.getByLabelText('Serie de șasiu (VIN)')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Număr de înmatriculare')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Număr de înmatriculare')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('a schema that cannot load: the submit says so and sends nothing; a blur shows nothing', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<RcaFields schema={() => Promise.reject(new Error('ChunkLoadError'))} onValid={onValid} />);
    await user.click(screen.getByLabelText('Marca'));
    await user.tab();
    expect(screen.getByLabelText('Marca')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Vedeți ofertele' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION_UNAVAILABLE);
    expect(onValid).not.toHaveBeenCalled();
  });
});
