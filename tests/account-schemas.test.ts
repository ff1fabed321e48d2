import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './helpers/field-errors';
import { accountMessages, preferencesSchema, profileFormSchema } from '@/lib/validation/account';

const blankAddress = { county: '', town: '', street: '', postal_code: '' };

describe('profile schema', () => {
  it('sends a blank address as null and normalises the phone', () => {
    const out = profileFormSchema.parse({
      first_name: 'Ion',
      last_name: 'Ionescu-Vâlcea',
      phone_number: '+40722123456',
      address: blankAddress,
    });
    expect(out).toEqual({ first_name: 'Ion', last_name: 'Ionescu-Vâlcea', phone_number: '0722123456', address: null });
  });

  it('requires county, town and street once any address field is filled', () => {
    const r = profileFormSchema.safeParse({
      first_name: 'Ion',
      last_name: 'Ionescu',
      phone_number: '0722123456',
      address: { ...blankAddress, town: 'Cluj-Napoca', postal_code: '4001' },
    });
    expect(r.success).toBe(false);
    const errors = fieldErrorsOf(r.error!);
    expect(errors['address.county']).toBe(accountMessages.countyRequired);
    expect(errors['address.street']).toBe(accountMessages.streetRequired);
    expect(errors['address.postal_code']).toBe(accountMessages.postalCode);
    expect(errors['address.town']).toBeUndefined();
  });

  it('keeps a complete address', () => {
    const address = { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Memorandumului 1', postal_code: '400114' };
    const out = profileFormSchema.parse({ first_name: 'Ion', last_name: 'Ionescu', phone_number: '0722123456', address });
    expect(out.address).toEqual(address);
  });

  it('gives Romanian messages for names and phone', () => {
    const r = profileFormSchema.safeParse({ first_name: '', last_name: '123', phone_number: '0211234567', address: blankAddress });
    const errors = fieldErrorsOf(r.error!);
    expect(errors.first_name).toBe(accountMessages.firstNameRequired);
    expect(errors.last_name).toBe(accountMessages.nameLetters);
    expect(errors.phone_number).toBe(accountMessages.phone);
  });
});

describe('preferences schema', () => {
  it('accepts the backend shape and refuses an unknown date language', () => {
    const prefs = {
      is_dark_theme: null,
      marketing_email: false,
      marketing_sms: true,
      notify_expiry_email: true,
      notify_expiry_sms: false,
      date_locale: 'ro',
    };
    expect(preferencesSchema.parse(prefs)).toEqual(prefs);
    expect(preferencesSchema.safeParse({ ...prefs, date_locale: 'de' }).success).toBe(false);
  });
});

describe("profile schema ends in the endpoint's profileBody", () => {
  const base = { first_name: 'Ion', last_name: 'Ionescu', phone_number: '0722123456' };

  it('sends an address without a postal code with postal_code null, as the backend stores it', () => {
    const address = { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Horea 5', postal_code: ' ' };
    expect(profileFormSchema.parse({ ...base, address }).address).toEqual({ ...address, postal_code: null });
  });

  it("refuses on the field, in Romanian, what only the endpoint's rule refuses (a town over 100 characters)", () => {
    const address = { county: 'Cluj', town: 'C'.repeat(120), street: 'Str. Horea 5', postal_code: '' };
    const r = profileFormSchema.safeParse({ ...base, address });
    expect(r.success).toBe(false);
    expect(fieldErrorsOf(r.error!)).toEqual({ 'address.town': 'Maximum 100 de caractere.' });
  });
});
