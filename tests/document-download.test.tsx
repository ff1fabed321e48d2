import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentDownloadLink } from '@/components/account/document-download-link';
import { onSessionRefused } from '@/lib/api/client';
import { fetchDocument, fileNameOf } from '@/lib/api/documents';
import { ApiError } from '@/lib/api/errors';
import { fakeApi } from './helpers/fake-adapter';

const fake = await fakeApi();

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const pdf = (name = 'polita-RO-123.pdf') => ({
  status: 200,
  data: bytes('%PDF-1.7 …'),
  headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${name}"` },
});
const refusal = (status: number, code: string, pretty: string) => ({
  status,
  data: bytes(JSON.stringify({ error: { code, message: code, pretty_message: pretty } })),
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req-42' },
});

/** What the page handed to the browser's download: the temporary link's name and the Blob behind its URL. */
let saved: Array<{ name: string; blob: Blob }>;
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => {
  fake.restore();
  vi.restoreAllMocks();
});

describe('fetchDocument', () => {
  it('reads the PDF and the name the server gave it', async () => {
    fake.answer([pdf()]);
    const document = await fetchDocument('/api/v1/policies/7/document');
    expect(fake.calls[0].url).toBe('/api/v1/policies/7/document');
    expect(document.fileName).toBe('polita-RO-123.pdf');
    expect(document.blob.type).toBe('application/pdf');
    expect(await document.blob.text()).toBe('%PDF-1.7 …');
  });

  it('turns a JSON refusal into the ApiError of its code and Romanian message', async () => {
    fake.answer([refusal(503, 'pdf_busy', 'Documentul nu poate fi generat acum.')]);
    const error = await fetchDocument('/api/v1/orders/3/invoice').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'pdf_busy', status: 503, prettyMessage: 'Documentul nu poate fi generat acum. Cod de referință: req-42.' });
  });

  it('never saves an answer that is not a PDF, and fetches no other path', async () => {
    fake.answer([{ status: 200, data: bytes('<html>'), headers: { 'content-type': 'text/html' } }]);
    await expect(fetchDocument('/api/v1/policies/7/document')).rejects.toBeInstanceOf(ApiError);
    await expect(fetchDocument('https://evil.example/x.pdf')).rejects.toMatchObject({ code: 'invalid_document' });
    await expect(fetchDocument('/api/v1/auth/user')).rejects.toMatchObject({ code: 'invalid_document' });
    expect(fake.calls).toHaveLength(1);
  });

  it('keeps only a safe .pdf name from Content-Disposition', () => {
    expect(fileNameOf('inline; filename="factura-BRK 1/2.pdf"')).toBe('factura-BRK-1-2.pdf');
    expect(fileNameOf('attachment; filename="x.html"')).toBeNull();
    expect(fileNameOf(undefined)).toBeNull();
  });
});

describe('DocumentDownloadLink', () => {
  const renderLink = (fileName?: string) =>
    render(
      <DocumentDownloadLink href="/api/v1/policies/7/document" fileName={fileName}>
        Descărcați polița (PDF)
      </DocumentDownloadLink>,
    );

  it('is a plain download link, and a click saves the fetched PDF under its name', async () => {
    fake.answer([pdf()]);
    renderLink('polita-RO-9.pdf');
    const link = screen.getByRole('link', { name: 'Descărcați polița (PDF)' });
    expect(link).toHaveAttribute('href', '/api/v1/policies/7/document');
    expect(link).toHaveAttribute('download', 'polita-RO-9.pdf');
    await userEvent.click(link);
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('polita-RO-9.pdf');
    expect(await saved[0].blob.text()).toBe('%PDF-1.7 …');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("saves under the server's name when the page gives none", async () => {
    fake.answer([pdf('polita-RO-77.pdf')]);
    renderLink();
    await userEvent.click(screen.getByRole('link', { name: 'Descărcați polița (PDF)' }));
    await vi.waitFor(() => expect(saved.map((s) => s.name)).toEqual(['polita-RO-77.pdf']));
  });

  it('says it is preparing the document, then shows a refusal in Romanian under the link and saves nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.answer(() => refusal(503, 'pdf_busy', 'Documentul nu poate fi generat acum: serverul este foarte solicitat.'));
    const adapter = fake.api.defaults.adapter as (config: unknown) => Promise<unknown>;
    fake.api.defaults.adapter = async (config) => (await gate, adapter(config)) as never;
    renderLink('polita.pdf');
    const link = screen.getByRole('link', { name: 'Descărcați polița (PDF)' });
    await userEvent.click(link);
    expect(screen.getByRole('status')).toHaveTextContent('Se pregătește documentul…');
    expect(link).toHaveAttribute('aria-busy', 'true');
    await act(async () => {
      release();
      await gate;
    });
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Documentul nu poate fi generat acum: serverul este foarte solicitat.'));
    expect(link).not.toHaveAttribute('aria-busy');
    expect(link).toHaveAccessibleDescription(/Documentul nu poate fi generat acum/);
    expect(saved).toEqual([]);
  });

  it('a refused session goes through the error catalogue (sign-in), like every other call', async () => {
    const refused = vi.fn();
    const unregister = onSessionRefused(refused);
    fake.answer([refusal(401, 'unauthenticated', 'Sesiunea a expirat.')]);
    renderLink('polita.pdf');
    await userEvent.click(screen.getByRole('link', { name: 'Descărcați polița (PDF)' }));
    await vi.waitFor(() => expect(refused).toHaveBeenCalledTimes(1));
    expect(saved).toEqual([]);
    unregister();
  });

  it('a second click while the first is loading fetches nothing more; a modified click is the browser’s', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.answer(() => pdf());
    const adapter = fake.api.defaults.adapter as (config: unknown) => Promise<unknown>;
    fake.api.defaults.adapter = async (config) => (await gate, adapter(config)) as never;
    renderLink('polita.pdf');
    const link = screen.getByRole('link', { name: 'Descărcați polița (PDF)' });
    await userEvent.click(link);
    await userEvent.click(link);
    await act(async () => {
      release();
      await gate;
    });
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(fake.calls).toHaveLength(1);

    // What the page decided about a Ctrl+click, read after its handler (and the navigation jsdom cannot do, stopped).
    let leftToBrowser: boolean | null = null;
    const observe = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', observe);
    fireEvent.click(link, { ctrlKey: true });
    document.removeEventListener('click', observe);
    expect(leftToBrowser).toBe(true);
    expect(fake.calls).toHaveLength(1);
  });
});
