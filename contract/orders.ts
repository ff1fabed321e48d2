import { z } from 'zod';
import { addressFields, cnpField, cuiField, emailField, M, nameField, phoneField, postalCodeField } from './fields';
import { companyName } from './quotes';

const mustAccept = (message: string) => z.literal(true, { error: message });

/** `POST /api/v1/orders`: the offer bought, the buyer and the consents. */
export const createOrderBody = z.object({
  quote_id: z.string({ error: M.required }).min(1, M.required).max(100),
  offer_id: z.string({ error: M.required }).min(1, M.required).max(100),
  customer: z.object({
    first_name: nameField,
    last_name: nameField,
    email: emailField('wire'),
    phone_number: phoneField('wire'),
    cnp: cnpField('wire').optional().nullable(),
    cui: cuiField('wire').optional().nullable(),
    /** A company buyer's name (with `cui`): the policy and the invoice are made out to the company. */
    company_name: companyName.optional().nullable(),
    address: z
      .object({ ...addressFields, postal_code: postalCodeField.optional().nullable() })
      .optional()
      .nullable(),
  }),
  partner_code: z.string().trim().max(50).regex(/^[A-Za-z0-9_-]+$/, 'Codul partenerului nu este valid.').optional().nullable(),
  consents: z.object({
    terms: mustAccept('Trebuie să acceptați termenii și condițiile.'),
    product_sheet: mustAccept('Trebuie să confirmați că ați citit fișa produsului.'),
    data_processing: mustAccept('Trebuie să vă dați acordul pentru prelucrarea datelor.'),
  }),
});

/** What the web app sends (the details step builds it with lib/validation/products/customer.ts). */
export type CreateOrderBody = z.input<typeof createOrderBody>;
