import { z } from 'zod';
import { cnpField, cuiField, emailField, phoneField, productMessages, requiredText } from './common';

/**
 * The details step: the customer placing the order (`POST /api/v1/orders` `customer`) and the consents.
 * The same customer (without cnp/cui/address) goes to `users/store-from-product-page` for a guest.
 */
export const customerMessages = {
  firstName: 'Introduceți prenumele.',
  lastName: 'Introduceți numele de familie.',
  name: 'Folosiți doar litere, spații și cratime.',
  county: 'Alegeți județul.',
  town: 'Introduceți localitatea.',
  street: 'Introduceți strada și numărul.',
  postalCode: 'Codul poștal are 6 cifre.',
  terms: 'Trebuie să acceptați termenii și condițiile.',
  productSheet: 'Confirmați că ați citit fișa produsului (documentul de informare al asigurătorului).',
  dataProcessing: 'Trebuie să vă dați acordul pentru prelucrarea datelor, necesară emiterii poliței.',
} as const;

const personName = (required: string) =>
  requiredText(required, 100).refine((v) => /^[\p{L}][\p{L}\s'.-]*$/u.test(v), customerMessages.name);

export type IdentityRequirement = 'none' | 'cnp' | 'cui';

const addressSchema = z
  .object({ county: z.string(), town: z.string(), street: z.string(), postal_code: z.string() })
  .transform((a, ctx) => {
    const trimmed = { county: a.county.trim(), town: a.town.trim(), street: a.street.trim(), postal_code: a.postal_code.trim() };
    if (Object.values(trimmed).every((v) => v === '')) return undefined;
    const checks: [keyof typeof trimmed, boolean, string][] = [
      ['county', trimmed.county !== '', customerMessages.county],
      ['town', trimmed.town !== '', customerMessages.town],
      ['street', trimmed.street !== '', customerMessages.street],
      ['postal_code', trimmed.postal_code === '' || /^\d{6}$/.test(trimmed.postal_code), customerMessages.postalCode],
    ];
    for (const [field, ok, message] of checks) {
      if (!ok) ctx.addIssue({ code: 'custom', path: [field], message });
    }
    return trimmed;
  });

const ignored = z
  .string()
  .optional()
  .transform(() => undefined);

/** `identity`: whether the order needs the customer's CNP (person) or CUI (company). */
export function customerSchema(identity: IdentityRequirement = 'none') {
  return z
    .object({
      first_name: personName(customerMessages.firstName),
      last_name: personName(customerMessages.lastName),
      email: emailField(),
      phone_number: phoneField(),
      cnp: identity === 'cnp' ? cnpField() : ignored,
      cui: identity === 'cui' ? cuiField() : ignored,
      address: addressSchema,
    })
    .transform((c) => {
      const out: {
        first_name: string;
        last_name: string;
        email: string;
        phone_number: string;
        cnp?: string;
        cui?: string;
        address?: { county: string; town: string; street: string; postal_code: string };
      } = { first_name: c.first_name, last_name: c.last_name, email: c.email, phone_number: c.phone_number };
      if (c.cnp) out.cnp = c.cnp;
      if (c.cui) out.cui = c.cui;
      if (c.address) out.address = c.address;
      return out;
    });
}

export type Customer = z.output<ReturnType<typeof customerSchema>>;

export const consentsSchema = z.object({
  terms: z.literal(true, { error: customerMessages.terms }),
  product_sheet: z.literal(true, { error: customerMessages.productSheet }),
  data_processing: z.literal(true, { error: customerMessages.dataProcessing }),
});

export type Consents = z.output<typeof consentsSchema>;

export function detailsSchema(identity: IdentityRequirement = 'none') {
  return z.object({ customer: customerSchema(identity), consents: consentsSchema });
}

export type DetailsFormValues = {
  customer: {
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string;
    cnp: string;
    cui: string;
    address: { county: string; town: string; street: string; postal_code: string };
  };
  consents: { terms: boolean; product_sheet: boolean; data_processing: boolean };
};

export function emptyDetailsForm(): DetailsFormValues {
  return {
    customer: {
      first_name: '',
      last_name: '',
      email: '',
      phone_number: '',
      cnp: '',
      cui: '',
      address: { county: '', town: '', street: '', postal_code: '' },
    },
    consents: { terms: false, product_sheet: false, data_processing: false },
  };
}

export { productMessages };
