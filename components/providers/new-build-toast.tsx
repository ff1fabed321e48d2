'use client';

/** Content of the "new version" toast: a reload button. */
export function NewBuildToast() {
  return (
    <div className="flex flex-col gap-2">
      <p>Este disponibilă o versiune nouă a site-ului.</p>
      <button type="button" className="btn btn-primary btn-sm self-start" onClick={() => window.location.reload()}>
        Reîncărcați pagina
      </button>
    </div>
  );
}
