import { z } from 'zod';
import { plateEntryErrors, rcaQuotePath } from './plate-entry';

/**
 * The home plate box on the form layer (loaded with the form's first edit, like every form schema): the rules of
 * `plateEntryErrors`, which the RCA page and the home page apply to the same box sent without JavaScript, each
 * message on its field; the output is the address of the prefilled quote.
 */
export const plateEntrySchema = z
  .object({ registration_plate: z.string(), vin: z.string() })
  .superRefine((value, ctx) => {
    const errors = plateEntryErrors(value.registration_plate, value.vin);
    for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [field], message });
  })
  .transform((value) => ({ path: rcaQuotePath(value.registration_plate, value.vin) ?? '/rca' }));

export type PlateEntryValues = z.input<typeof plateEntrySchema>;
