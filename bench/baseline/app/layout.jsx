// Bare Next.js page: the baseline the bench compares the shop against (same Next.js version).
export const metadata = { title: 'Baseline' };

export default function RootLayout({ children }) {
  return (
    <html lang="ro">
      <body>{children}</body>
    </html>
  );
}
