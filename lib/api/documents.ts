import type { AxiosResponseHeaders, RawAxiosResponseHeaders } from 'axios';
import { api } from './client';
import { ApiError, apiErrorFromResponse } from './errors';

/**
 * The PDFs a customer downloads (policies, vignette proofs, invoices), fetched by the page rather than by the
 * browser's own download: a refusal then reaches the error catalogue (an ended session, a second factor owed,
 * maintenance) and the customer reads the backend's Romanian reason beside the link (a busy document renderer
 * answers 503 `pdf_busy` with its wait), instead of a download the browser reports as failed.
 */

/** The BFF paths of documents: a policy's (and a vignette's proof) and an order's invoice. */
const DOCUMENT_PATH = /^\/api\/v1\/(?:policies\/[^/?#]+\/document|orders\/[^/?#]+\/invoice)$/;

function isDocumentPath(path: string): boolean {
  return DOCUMENT_PATH.test(path);
}

/** An ArrayBuffer of any realm (axios's adapters and test doubles may not share this realm's constructor). */
function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}

/** A refusal comes as JSON; read as bytes (the PDF's own type), it is decoded here so the catalogue sees its code. */
function decodeErrorBody(data: unknown, headers: AxiosResponseHeaders | RawAxiosResponseHeaders): unknown {
  const type = String(headers['content-type'] ?? '');
  if (!isArrayBuffer(data) || !type.toLowerCase().includes('json')) return data;
  try {
    return JSON.parse(new TextDecoder().decode(data)) as unknown;
  } catch {
    return null;
  }
}

/** The file name of a `Content-Disposition` header (`filename="…"`), kept to a safe set of characters. */
export function fileNameOf(disposition: unknown): string | null {
  const match = typeof disposition === 'string' ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  const name = match?.[1].replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 100);
  return name && /\.pdf$/i.test(name) ? name : null;
}

export type DownloadedDocument = { blob: Blob; fileName: string | null };

/** The document at `path` (one of the paths above) as a PDF, with the name the server gave it; an ApiError when it is refused. */
export async function fetchDocument(path: string): Promise<DownloadedDocument> {
  if (!isDocumentPath(path)) throw new ApiError({ code: 'invalid_document', status: 0, message: `not a document path: ${path}` });
  const response = await api.get<unknown>(path, {
    responseType: 'arraybuffer',
    headers: { Accept: 'application/pdf' },
    transformResponse: [decodeErrorBody],
  });
  const body = response.data;
  const type = String(response.headers['content-type'] ?? '');
  // A 200 that is not the PDF (a proxy's page) is no document: reported as a failure, never saved as one.
  if (!isArrayBuffer(body) || !type.toLowerCase().startsWith('application/pdf')) {
    throw apiErrorFromResponse(502, null);
  }
  return { blob: new Blob([body], { type: 'application/pdf' }), fileName: fileNameOf(response.headers['content-disposition']) };
}
