import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { AppProviders } from '@/components/providers/app-providers';
import { CookieConsentBanner } from '@/components/layout/cookie-consent-banner';
import { submitBeforeHydrationScript, themeScript } from '@/components/layout/theme-script';
import { ScrollManager } from '@/components/navigation/scroll-manager';
import { currentBuildId } from '@/lib/bff/build-id';
import { brokerIdentity } from '@/contract/broker-identity';
import { getPublicConfig } from '@/lib/config/env';
import { isSignedIn } from '@/lib/session/server';
import { bucharestDayAt } from '@/lib/time';
import { faviconDataUrl, themeFromHeader } from '@/themes';
import './globals.css';

export const metadata: Metadata = {
  title: {
    template: `%s · ${brokerIdentity.brandName}`,
    default: `${brokerIdentity.brandName}: asigurări online RCA, călătorie, locuință`,
  },
  description:
    'Cumpărați online asigurarea RCA, de călătorie, de locuință sau pentru anvelope: comparați oferte de la mai mulți asigurători și primiți polița pe email.',
  applicationName: brokerIdentity.brandName,
  icons: { icon: [{ url: faviconDataUrl, type: 'image/svg+xml' }] },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#0b2e5c' },
    { media: '(prefers-color-scheme: dark)', color: '#0d131c' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const requestHeaders = await headers();
  const theme = themeFromHeader(requestHeaders.get('x-theme'));
  const nonce = requestHeaders.get('x-nonce') ?? undefined;
  const signedIn = await isSignedIn();
  // A guest's page is the same for every guest (the web server may share it for a moment); per-visitor values
  // such as the client IP are rendered only into signed-in pages. The BFF fills user_ip on the calls that need it.
  const clientIp = signedIn ? requestHeaders.get('x-client-ip') : null;
  // The product forms' date windows and defaults: computed here so the browser needs no time-zone data to
  // render them (the same for every visitor of that day; the guest page cache keeps a render for a second).
  const today = bucharestDayAt(new Date());
  const buildId = await currentBuildId();

  return (
    <html lang="ro" data-theme={theme} suppressHydrationWarning>
      <head>
        {/* Sets the dark class before the first paint (no flash of the wrong theme); holds a form sent before
            hydration (theme-script.ts). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript + submitBeforeHydrationScript }} />
      </head>
      <body>
        <AppProviders config={getPublicConfig()} signedIn={signedIn} clientIp={clientIp} today={today} buildId={buildId} cookieBanner={<CookieConsentBanner />}>
          <ScrollManager />
          {children}
        </AppProviders>
      </body>
    </html>
  );
}
