import { z } from 'zod';
import { captchaField, emailField, M, phoneField } from './fields';
import { isPlainText, isValidPersonName, normalizeTypedText } from './formats';

/**
 * `POST /api/v1/contact-messages` (the contact form, lib/validation/contact.ts). Its receipt goes from the broker's
 * mailbox to whatever address is typed, and greets the sender by name: the name is a person's name (letters,
 * spaces, hyphens, apostrophes, dots), never a link or a line of its own; the subject is one line.
 */
export const contactMessageBody = z.object({
  name: z
    .string({ error: M.required })
    .overwrite(normalizeTypedText)
    .trim()
    .min(2, 'Introduceți numele.')
    .max(100)
    .refine(isValidPersonName, M.name),
  email: emailField('wire'),
  phone_number: z.union([z.literal(''), phoneField('wire')]).optional().nullable().transform((v) => v || null),
  subject: z.string({ error: M.required }).trim().min(2, 'Introduceți subiectul.').max(150).refine(isPlainText, M.plainText),
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
