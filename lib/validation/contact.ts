import { z } from 'zod';
import { contactMessageBody } from '@/contract/content';

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

const wire = contactMessageBody.shape;

/**
 * The contract's `POST /api/v1/contact-messages` body less the captcha token (added at submit): each field ends in
 * the endpoint's own, the form only words its checks for the person typing. An empty phone is not sent.
 */
export const contactSchema = contactMessageBody.omit({ token: true }).extend({
  name: z
    .string({ error: contactMessages.nameRequired })
    .trim()
    .min(1, contactMessages.nameRequired)
    .min(2, contactMessages.nameTooShort)
    .max(100, contactMessages.nameTooLong)
    .pipe(wire.name),
  email: z.string({ error: contactMessages.emailRequired }).trim().min(1, contactMessages.emailRequired).pipe(wire.email),
  phone_number: z
    .string()
    .trim()
    .refine((v) => wire.phone_number.safeParse(v).success, contactMessages.phone)
    .transform((v) => wire.phone_number.parse(v) ?? undefined)
    .optional(),
  subject: z
    .string({ error: contactMessages.subjectRequired })
    .trim()
    .min(1, contactMessages.subjectRequired)
    .max(150, contactMessages.subjectTooLong)
    .pipe(wire.subject),
  message: z
    .string({ error: contactMessages.messageTooShort })
    .trim()
    .min(10, contactMessages.messageTooShort)
    .max(5000, contactMessages.messageTooLong)
    .pipe(wire.message),
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
