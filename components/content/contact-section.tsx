'use client';

import { CaptchaNotice } from '@/components/providers/captcha-notice';
import { useCaptchaToken } from '@/components/providers/use-captcha-token';
import { sendContactMessage } from '@/lib/api/content';
import { ContactForm } from './contact-form';

/** The contact form wired to the captcha and `POST /api/v1/contact-messages`. */
export function ContactSection() {
  const getCaptchaToken = useCaptchaToken('contact');
  return (
    <>
      <ContactForm
        send={async (payload) => {
          await sendContactMessage({ ...payload, token: await getCaptchaToken() });
        }}
      />
      <CaptchaNotice className="mt-4 text-xs text-muted" />
    </>
  );
}
