'use client';

import { useState } from 'react';

type Props = {
  codes: string[];
  onContinue: () => void;
  continueLabel?: string;
};

export const RECOVERY_CODES_FILENAME = 'coduri-recuperare.txt';

export function recoveryCodesText(codes: string[], now: Date = new Date()): string {
  return [
    'Coduri de recuperare pentru autentificarea în doi pași',
    `Generate la: ${now.toISOString().slice(0, 10)}`,
    'Fiecare cod poate fi folosit o singură dată. Păstrați-le într-un loc sigur.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The recovery codes, shown once after two-factor is turned on, with copy, download (.txt) and continue. */
export function RecoveryCodesPanel({ codes, onContinue, continueLabel = 'Am salvat codurile, continuați' }: Props) {
  const [status, setStatus] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setStatus('Codurile au fost copiate.');
    } catch {
      setStatus('Nu am putut copia codurile. Selectați-le și copiați-le manual.');
    }
  }

  function download() {
    const blob = new Blob([recoveryCodesText(codes)], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILENAME;
    document.body.appendChild(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
    setStatus('Fișierul cu codurile a fost descărcat.');
  }

  return (
    <section aria-labelledby="recovery-codes-title" className="flex flex-col gap-4">
      <h2 id="recovery-codes-title" className="text-xl font-semibold">
        Codurile de recuperare
      </h2>
      <p className="text-sm">
        Dacă nu aveți acces la metoda de verificare, vă puteți autentifica cu unul dintre aceste coduri. Fiecare cod
        merge o singură dată. <strong>Le vedeți acum pentru ultima dată</strong>: copiați-le sau descărcați-le.
      </p>
      <ol aria-label="Coduri de recuperare" className="grid grid-cols-1 gap-2 rounded-md border border-border bg-surface p-4 font-mono sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="button" className="btn btn-secondary" onClick={copy}>
          Copiați codurile
        </button>
        <button type="button" className="btn btn-secondary" onClick={download}>
          Descărcați (.txt)
        </button>
      </div>
      <p role="status" aria-live="polite" className="text-sm text-success">
        {status}
      </p>
      <button type="button" className="btn btn-primary" onClick={onContinue}>
        {continueLabel}
      </button>
    </section>
  );
}
