import {
  AUTH_MESSAGES as M,
  changePasswordSchema,
  emailStepSchema,
  loginSchema,
  registerSchema,
  removeTwoFactorSchema,
  resetPasswordSchema,
  twoFactorCodeSchema,
} from '@/lib/validation/auth';
import type { z } from 'zod';
import { loginBody, registerBody } from '@/contract/auth';
import { safeParseWire } from '@/contract/fields';
import { verifyTwoFactorBody } from '@/contract/two-factor';
import { fieldErrorsOf } from './helpers/field-errors';

/** The schema's verdict as a form shows it: the parsed data, or the first message of each field. */
function validateForm<S extends z.ZodType>(schema: S, values: unknown) {
  const result = schema.safeParse(values);
  if (result.success) return { success: true as const, data: result.data };
  return { success: false as const, errors: fieldErrorsOf(result.error) };
}

const validRegistration = {
  email: ' Ana.Pop@Exemplu.RO ',
  first_name: 'Ana-Maria',
  last_name: 'Popescu',
  phone_number: '+40 722 123 456',
  password: 'Parola123',
  password_confirmation: 'Parola123',
  terms: true,
  data_processing: true,
};

describe('email', () => {
  it('trims and lower-cases a valid address', () => {
    expect(emailStepSchema.parse({ email: '  Ion@Exemplu.ro ' })).toEqual({ email: 'ion@exemplu.ro' });
  });

  it.each([
    ['', M.required],
    ['ion', M.email],
    ['ion@', M.email],
    ['ion@exemplu', M.email],
    [`${'a'.repeat(190)}@exemplu.ro`, M.emailTooLong],
  ])('refuses %j with %s', (email, message) => {
    const result = validateForm(emailStepSchema, { email });
    expect(result).toEqual({ success: false, errors: { email: message } });
  });
});

describe('password policy (same as the backend)', () => {
  it.each([
    ['Ab1', M.passwordMin],
    ['PAROLA123', M.passwordLower],
    ['parola123', M.passwordUpper],
    ['ParolaFaraCifre', M.passwordDigit],
    ['P'.repeat(100) + 'a1'.repeat(60), M.passwordMax],
  ])('refuses %j', (password, message) => {
    const result = validateForm(registerSchema, { ...validRegistration, password, password_confirmation: password });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors.password).toBe(message);
  });

  it('accepts 8 characters with lower, upper and a digit', () => {
    expect(validateForm(registerSchema, validRegistration).success).toBe(true);
  });
});

describe('registerSchema', () => {
  it('normalises email and phone for the backend', () => {
    const data = registerSchema.parse(validRegistration);
    expect(data.email).toBe('ana.pop@exemplu.ro');
    expect(data.phone_number).toBe('0722123456');
    expect(data.first_name).toBe('Ana-Maria');
  });

  it('takes a name typed with decomposed diacritics or non-breaking spaces, stored composed and with plain spaces', () => {
    // Ș typed as S + combining comma below (U+0326), ț as t + U+0326, a no-break space between two first names.
    const typed = { ...validRegistration, first_name: 'S\u0326tefan\u00a0Ion', last_name: 'Ma\u0306rgineant\u0326u' };
    const form = registerSchema.parse(typed);
    expect(form.first_name).toBe('Ștefan Ion');
    expect(form.last_name).toBe('Mărgineanțu');
    const wire = safeParseWire(registerBody, { ...typed, is_default_password: false, token: '' });
    expect(wire.success && wire.data.first_name).toBe('Ștefan Ion');
  });

  it('reports a confirmation mismatch on password_confirmation, together with other field errors', () => {
    const result = validateForm(registerSchema, {
      ...validRegistration,
      first_name: '',
      password_confirmation: 'Parola124',
    });
    expect(result).toEqual({
      success: false,
      errors: { first_name: M.required, password_confirmation: M.confirmationMismatch },
    });
  });

  it('needs both consents', () => {
    const result = validateForm(registerSchema, { ...validRegistration, terms: false, data_processing: false });
    expect(result).toEqual({ success: false, errors: { terms: M.terms, data_processing: M.dataProcessing } });
  });

  it('refuses a non-Romanian phone and names with digits', () => {
    const result = validateForm(registerSchema, { ...validRegistration, phone_number: '0212345678', last_name: 'Pop3' });
    expect(result).toEqual({ success: false, errors: { phone_number: M.phone, last_name: M.name } });
  });
});

describe('loginSchema', () => {
  it('does not apply the policy to a sign-in password but requires one', () => {
    expect(validateForm(loginSchema, { email: 'a@b.ro', password: 'x' }).success).toBe(true);
    expect(validateForm(loginSchema, { email: 'a@b.ro', password: '' })).toEqual({
      success: false,
      errors: { password: M.passwordRequired },
    });
  });
});

describe('resetPasswordSchema and changePasswordSchema', () => {
  it('requires the reset token', () => {
    const result = validateForm(resetPasswordSchema, {
      email: 'a@b.ro',
      reset_token: '',
      password: 'Parola123',
      password_confirmation: 'Parola123',
    });
    expect(result).toEqual({ success: false, errors: { reset_token: M.resetToken } });
  });

  it('checks the new password and its confirmation', () => {
    const result = validateForm(changePasswordSchema, {
      current_password: 'veche',
      password: 'Parola123',
      password_confirmation: 'Parola12',
    });
    expect(result).toEqual({ success: false, errors: { password_confirmation: M.confirmationMismatch } });
  });
});

describe('two-factor codes', () => {
  it('accepts 6 digits with spaces or a hyphen', () => {
    expect(twoFactorCodeSchema.parse({ two_factor_code: '123 456' })).toEqual({ two_factor_code: '123456' });
    expect(twoFactorCodeSchema.parse({ two_factor_code: '123-456' })).toEqual({ two_factor_code: '123456' });
  });

  it.each(['12345', '1234567', 'abcdef', ''])('refuses %j', (code) => {
    expect(validateForm(twoFactorCodeSchema, { two_factor_code: code })).toEqual({
      success: false,
      errors: { two_factor_code: M.code },
    });
  });

  it('turns off with a code or a recovery code', () => {
    expect(removeTwoFactorSchema.parse({ method: 'code', two_factor_code: '000111' })).toEqual({
      method: 'code',
      two_factor_code: '000111',
    });
    expect(removeTwoFactorSchema.parse({ method: 'recovery', recovery_key: ' ABCD-1234 ' })).toEqual({
      method: 'recovery',
      recovery_key: 'ABCD-1234',
    });
    expect(validateForm(removeTwoFactorSchema, { method: 'recovery', recovery_key: '' }).success).toBe(false);
  });
});

describe('the forms end in the endpoint bodies (contract/auth.ts, contract/two-factor.ts)', () => {
  it("sends what the endpoint's body takes, with the captcha token added at submit", () => {
    const registration = registerSchema.parse(validRegistration);
    expect(registerBody.parse({ ...registration, token: 'captcha' })).toMatchObject({
      email: 'ana.pop@exemplu.ro',
      phone_number: '0722123456',
      first_name: 'Ana-Maria',
    });
    expect(loginBody.safeParse({ ...loginSchema.parse({ email: 'A@B.ro', password: 'x' }), token: null }).success).toBe(true);
    const code = twoFactorCodeSchema.parse({ two_factor_code: '123-456' });
    expect(verifyTwoFactorBody.parse(code).two_factor_code).toBe('123456');
  });

  it("refuses in the browser, in Romanian, what the endpoint would refuse: an overlong sign-in password", () => {
    const result = safeParseWire(loginSchema, { email: 'a@b.ro', password: 'x'.repeat(201) });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual({ password: 'Maximum 200 de caractere.' });
  });

  it("caps a recovery code at the endpoint's length", () => {
    expect(validateForm(removeTwoFactorSchema, { method: 'recovery', recovery_key: 'A'.repeat(51) })).toEqual({
      success: false,
      errors: { recovery_key: M.recoveryCode },
    });
  });
});
