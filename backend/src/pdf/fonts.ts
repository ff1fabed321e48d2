import { existsSync } from 'node:fs';

/**
 * TTF fonts with Romanian glyphs (ș ț ă î â) for the PDFs (policies, invoices). pdfkit's built-in Helvetica
 * lacks ș/ț, so without one of these (Debian's fonts-dejavu-core / fonts-liberation) the PDF text is
 * transliterated.
 */
const FONT_CANDIDATES: [string, string][] = [
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  ['/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf'],
  ['/usr/share/fonts/TTF/DejaVuSans.ttf', '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf'],
];

const fonts = FONT_CANDIDATES.find(([regular, bold]) => existsSync(regular) && existsSync(bold)) ?? null;

const TRANSLIT: Record<string, string> = { ă: 'a', â: 'a', î: 'i', ș: 's', ş: 's', ț: 't', ţ: 't', Ă: 'A', Â: 'A', Î: 'I', Ș: 'S', Ş: 'S', Ț: 'T', Ţ: 'T', '–': '-', '„': '"', '”': '"' };

/** The text as the chosen font can print it (transliterated without a font that has ș/ț). */
export const printable = (s: string) => (fonts ? s : s.replace(/[ăâîșşțţĂÂÎȘŞȚŢ–„”]/g, (c) => TRANSLIT[c] ?? c));

/**
 * A new A4 PDFKit document collected into a Buffer, with the `regular` and `bold` font names to use and the two
 * writers every document uses (`row`, `heading`).
 */
export async function newPdf(info: { Title: string; Author: string }) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (fonts) {
    doc.registerFont('regular', fonts[0]);
    doc.registerFont('bold', fonts[1]);
  }
  const regular = fonts ? 'regular' : 'Helvetica';
  const bold = fonts ? 'bold' : 'Helvetica-Bold';
  /** A "Label: value" line, the label in bold. */
  const row = (label: string, value: string) => {
    doc.font(bold).fillColor('#000').text(printable(`${label}: `), { continued: true });
    doc.font(regular).text(printable(value));
  };
  /** A section heading, with a little room above it. */
  const heading = (title: string) => {
    doc.moveDown(0.6);
    doc.font(bold).fillColor('#000').fontSize(12).text(printable(title));
    doc.fontSize(11);
  };
  return { doc, done, regular, bold, row, heading };
}
