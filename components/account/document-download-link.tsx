'use client';

import { useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { isApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api/errors';
import { fetchDocument } from '@/lib/api/documents';

type Props = {
  /** The document's BFF path (lib/api/documents.ts). */
  href: string;
  /** The name to save under; the server's own (Content-Disposition) when absent. */
  fileName?: string;
  className?: string;
  'aria-describedby'?: string;
  children: ReactNode;
};

/** How long a saved document's object URL is kept before it is freed. */
const REVOKE_AFTER_MS = 40_000;

/** Saves `blob` under `fileName` through a temporary link (the browser's own download, from memory). */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Freed once the browser has surely taken the bytes: some (Safari) read the URL after the click's task ends.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * A PDF download link (policy, vignette proof, invoice). Without JavaScript, or opened in a new tab, it is a plain
 * link. A click fetches the document first: while it loads, and when it is refused, a line under the link says so
 * in Romanian (announced), rather than leaving a failure to the browser's download bar.
 */
export function DocumentDownloadLink({ href, fileName, className, children, ...rest }: Props) {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const messageId = useId();

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window, or a save-as: the browser's own handling.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    setError(null);
    try {
      const downloaded = await fetchDocument(href);
      save(downloaded.blob, fileName ?? downloaded.fileName ?? 'document.pdf');
    } catch (failure) {
      setError(isApiError(failure) ? failure.prettyMessage : GENERIC_ERROR_MESSAGE);
    } finally {
      inFlight.current = false;
      setLoading(false);
    }
  }

  const describedBy = [rest['aria-describedby'], error ? messageId : null].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <a href={href} download={fileName ?? true} className={className} aria-describedby={describedBy} aria-busy={loading || undefined} onClick={download}>
        {children}
      </a>
      {/* Empty, it stays in the accessibility tree (a live region must exist before its text) but out of the layout. */}
      <p id={messageId} role="status" className={`basis-full text-sm empty:sr-only ${error ? 'text-error' : 'text-muted'}`}>
        {error ?? (loading ? 'Se pregătește documentul…' : null)}
      </p>
    </>
  );
}
