import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { CaptchaProvider } from '@/components/providers/captcha-provider';

/**
 * The shell of the minimal sign-in pages (/authenticate, /account/2fa, /account/2fa-check): the heading with
 * its introduction, an optional notice, then the page's form inside the captcha provider.
 */
export function AuthPageShell({
  title,
  intro,
  notice,
  children,
}: {
  title: ReactNode;
  intro: ReactNode;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title}>
        <p>{intro}</p>
      </PageHeader>
      {notice}
      <CaptchaProvider>{children}</CaptchaProvider>
    </>
  );
}
