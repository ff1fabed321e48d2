import { z } from 'zod';
import { captchaField, emailField, M, phoneField } from './fields';

/** `POST /api/v1/contact-messages` (the contact form, lib/validation/contact.ts). */
export const contactMessageBody = z.object({
  name: z.string({ error: M.required }).trim().min(2, 'Introduceți numele.').max(100),
  email: emailField('wire'),
  phone_number: z.union([z.literal(''), phoneField('wire')]).optional().nullable().transform((v) => v || null),
  subject: z.string({ error: M.required }).trim().min(2, 'Introduceți subiectul.').max(150),
  message: z.string({ error: M.required }).trim().min(10, 'Mesajul trebuie să aibă cel puțin 10 caractere.').max(5000),
  token: captchaField,
});

/** The cookie banner's two answers. */
export const COOKIE_CONSENT_CHOICES = ['all', 'essential'] as const;

/** `POST /api/v1/cookie-consents`. */
export const cookieConsentBody = z.object({
  consent: z.enum(COOKIE_CONSENT_CHOICES, { error: 'Alegeți „all” sau „essential”.' }),
  token: captchaField,
});
