export default function Page() {
  return (
    <main>
      <h1>Pagină de referință</h1>
      <p>O pagină Next.js goală, construită cu aceeași versiune, pentru comparație.</p>
    </main>
  );
}
