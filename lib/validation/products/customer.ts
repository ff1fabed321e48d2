import { z } from 'zod';
import { createOrderBody, type CreateOrderBody } from '@/contract/orders';
import { cnpField, cuiField, emailField, personNameField, phoneField, requiredText, toWire } from '@/contract/fields';
import { productMessages } from '@/contract/products/common-values';
import { customerMessages, type IdentityRequirement } from '@/contract/products/customer-values';

/**
 * The details step, in front of the contract's `POST /api/v1/orders` customer (contract/orders.ts): the customer placing the order (`POST /api/v1/orders` `customer`) and the consents.
 * The same customer (without cnp/cui/address) goes to `users/store-from-product-page` for a guest.
 */
const personName = (required: string) => personNameField({ required, tooLong: productMessages.tooLong, stopWhenEmpty: true });

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
  const form = z
    .object({
      first_name: personName(customerMessages.firstName),
      last_name: personName(customerMessages.lastName),
      email: emailField(),
      phone_number: phoneField(),
      cnp: identity === 'cnp' ? cnpField() : ignored,
      cui: identity === 'cui' ? cuiField() : ignored,
      company_name: identity === 'cui' ? requiredText(customerMessages.companyName, 200) : ignored,
      address: addressSchema,
    })
    .transform((c) => {
      const out: CreateOrderBody['customer'] = { first_name: c.first_name, last_name: c.last_name, email: c.email, phone_number: c.phone_number };
      if (c.cnp) out.cnp = c.cnp;
      if (c.cui) out.cui = c.cui;
      if (c.company_name) out.company_name = c.company_name;
      if (c.address) out.address = c.address;
      return out;
    });
  // The form's wording first, then the endpoint's own rule: what passes here is what the backend accepts.
  return toWire(form, createOrderBody.shape.customer);
}

export const consentsSchema = z.object({
  terms: z.literal(true, { error: customerMessages.terms }),
  product_sheet: z.literal(true, { error: customerMessages.productSheet }),
  data_processing: z.literal(true, { error: customerMessages.dataProcessing }),
});

export function detailsSchema(identity: IdentityRequirement = 'none') {
  return z.object({ customer: customerSchema(identity), consents: consentsSchema });
}
