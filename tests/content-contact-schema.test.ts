import { describe, expect, it } from 'vitest';
import { contactMessageBody } from '@/contract/content';
import { contactMessages, contactSchema } from '@/lib/validation/contact';
import { fieldErrorsOf } from './helpers/field-errors';

const valid = {
  name: 'Ana Popescu',
  email: 'ana@exemplu.ro',
  phone_number: '',
  subject: 'Daună',
  message: 'Bună ziua, am o întrebare despre polița mea.',
};

describe('contact schema', () => {
  it('accepts a complete message and drops an empty phone', () => {
    const out = contactSchema.parse(valid);
    expect(out.phone_number).toBeUndefined();
    expect(out.name).toBe('Ana Popescu');
  });

  it('normalises a valid phone', () => {
    expect(contactSchema.parse({ ...valid, phone_number: '0722 123 456' }).phone_number).toBe('0722123456');
  });

  it('gives Romanian messages on each invalid field', () => {
    const r = contactSchema.safeParse({ name: ' ', email: 'nu-e-email', phone_number: '12', subject: '', message: 'scurt' });
    expect(r.success).toBe(false);
    const errors = fieldErrorsOf(r.error!);
    expect(errors).toEqual({
      name: contactMessages.nameRequired,
      email: contactMessages.email,
      phone_number: contactMessages.phone,
      subject: contactMessages.subjectRequired,
      message: contactMessages.messageTooShort,
    });
  });

  it('refuses an overlong message', () => {
    const r = contactSchema.safeParse({ ...valid, message: 'a'.repeat(5001) });
    expect(r.success).toBe(false);
    expect(fieldErrorsOf(r.error!).message).toBe(contactMessages.messageTooLong);
  });
});

describe("contact schema ends in the endpoint's contactMessageBody", () => {
  it('sends what the endpoint takes, the email in lower case as the backend stores it', () => {
    const out = contactSchema.parse({ ...valid, email: ' Ana@Exemplu.RO ', phone_number: '+40 722 123 456' });
    expect(out).toMatchObject({ email: 'ana@exemplu.ro', phone_number: '0722123456' });
    expect(contactMessageBody.parse({ ...out, token: null })).toMatchObject(out);
  });
});
