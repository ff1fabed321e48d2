'use client';

import { useState } from 'react';

type Props = { text: string; label: string; copiedMessage?: string };

/** Copies a text to the clipboard and says so in a polite live region. */
export function CopyTextButton({ text, label, copiedMessage = 'Copiat.' }: Props) {
  const [status, setStatus] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(copiedMessage);
    } catch {
      setStatus('Nu am putut copia. Selectați textul și copiați-l manual.');
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className="btn btn-secondary btn-sm" onClick={copy}>
        {label}
      </button>
      <span role="status" aria-live="polite" className="text-sm text-success">
        {status}
      </span>
    </span>
  );
}
