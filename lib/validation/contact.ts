import { z } from 'zod';
import { isValidRomanianMobile, normalizePhone } from '@/contract/formats';

/**
 * Contact form (`POST /api/v1/contact-messages`): the same schema checks the form in the browser
 * and the payload before it is sent. Messages in Romanian.
 */
export const CONTACT_SUBJECTS = [
  { value: 'Întrebare despre o ofertă', label: 'Întrebare despre o ofertă' },
  { value: 'Comandă sau plată', label: 'Comandă sau plată' },
  { value: 'Poliță emisă', label: 'Poliță emisă' },
  { value: 'Daună', label: 'Daună' },
  { value: 'Altceva', label: 'Altceva' },
] as const;

export const contactMessages = {
  nameRequired: 'Introduceți numele.',
  nameTooShort: 'Numele trebuie să aibă cel puțin 2 caractere.',
  nameTooLong: 'Numele poate avea cel mult 100 de caractere.',
  emailRequired: 'Introduceți adresa de email.',
  email: 'Adresa de email nu este validă.',
  phone: 'Numărul de telefon nu este valid (07xxxxxxxx).',
  subjectRequired: 'Alegeți subiectul mesajului.',
  subjectTooLong: 'Subiectul poate avea cel mult 150 de caractere.',
  messageTooShort: 'Mesajul trebuie să aibă cel puțin 10 caractere.',
  messageTooLong: 'Mesajul poate avea cel mult 5000 de caractere.',
} as const;

export const contactSchema = z.object({
  name: z
    .string({ error: contactMessages.nameRequired })
    .trim()
    .min(1, contactMessages.nameRequired)
    .min(2, contactMessages.nameTooShort)
    .max(100, contactMessages.nameTooLong),
  email: z
    .string({ error: contactMessages.emailRequired })
    .trim()
    .min(1, contactMessages.emailRequired)
    .pipe(z.email({ error: contactMessages.email })),
  phone_number: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidRomanianMobile(v), contactMessages.phone)
    .transform((v) => (v === '' ? undefined : normalizePhone(v)))
    .optional(),
  subject: z
    .string({ error: contactMessages.subjectRequired })
    .trim()
    .min(1, contactMessages.subjectRequired)
    .max(150, contactMessages.subjectTooLong),
  message: z
    .string({ error: contactMessages.messageTooShort })
    .trim()
    .min(10, contactMessages.messageTooShort)
    .max(5000, contactMessages.messageTooLong),
});

/** What the form holds (all strings, as typed). */
export type ContactFormValues = z.input<typeof contactSchema>;
/** What is sent to the backend (plus the captcha token). */
export type ContactPayload = z.output<typeof contactSchema>;

export const emptyContactForm: Required<ContactFormValues> = {
  name: '',
  email: '',
  phone_number: '',
  subject: '',
  message: '',
};
