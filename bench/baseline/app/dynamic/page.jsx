import { connection } from 'next/server';

// Bare dynamic page: rendered on every request, like the shop's pages (a per-request nonce makes them dynamic).
export default async function DynamicPage() {
  await connection();
  return (
    <main>
      <h1>Pagină dinamică de referință</h1>
      <p>Randată la fiecare cerere: {new Date().toISOString()}</p>
    </main>
  );
}
