import { existsSync } from 'node:fs';

/**
 * TTF fonts with Romanian glyphs (ș ț ă î â). pdfkit's built-in Helvetica lacks ș/ț, so without
 * one of these (Debian's fonts-dejavu-core / fonts-liberation) the PDF text is transliterated.
 */
const FONT_CANDIDATES: [string, string][] = [
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  ['/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf'],
  ['/usr/share/fonts/TTF/DejaVuSans.ttf', '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf'],
];

const fonts = FONT_CANDIDATES.find(([regular, bold]) => existsSync(regular) && existsSync(bold)) ?? null;

const TRANSLIT: Record<string, string> = { ă: 'a', â: 'a', î: 'i', ș: 's', ş: 's', ț: 't', ţ: 't', Ă: 'A', Â: 'A', Î: 'I', Ș: 'S', Ş: 'S', Ț: 'T', Ţ: 'T', '–': '-', '„': '"', '”': '"' };
const text = (s: string) => (fonts ? s : s.replace(/[ăâîșşțţĂÂÎȘŞȚŢ–„”]/g, (c) => TRANSLIT[c] ?? c));

export function formatLei(bani: number): string {
  const sign = bani < 0 ? '-' : '';
  const abs = Math.abs(bani);
  const lei = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${lei},${String(abs % 100).padStart(2, '0')} lei`;
}

export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

export interface PolicyDocument {
  broker: { name: string; asf_code: string; cui: string; trade_register: string; address: string; email: string; phone: string };
  number: string;
  product_name: string;
  insurer_name: string;
  package_name: string;
  insured_object: string;
  starts_on: string;
  ends_on: string;
  amount_bani: number;
  order_number: string;
  customer: { first_name: string; last_name: string; email: string; phone_number: string; cnp?: string | null; cui?: string | null };
  coverage: string[];
  issued_at: string;
}

/** Renders the policy; pdfkit (≈20 MB resident) is loaded on first use only. */
export async function renderPolicyPdf(p: PolicyDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Poliță ${p.number}`, Author: p.broker.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (fonts) {
      doc.registerFont('regular', fonts[0]);
      doc.registerFont('bold', fonts[1]);
    }
    const regular = fonts ? 'regular' : 'Helvetica';
    const bold = fonts ? 'bold' : 'Helvetica-Bold';

    doc.font(bold).fontSize(18).text(text(p.product_name));
    doc.font(regular).fontSize(11).fillColor('#444').text(text(`Poliță nr. ${p.number}`));
    doc.moveDown();
    const row = (label: string, value: string) => {
      doc.font(bold).fillColor('#000').text(text(`${label}: `), { continued: true });
      doc.font(regular).text(text(value));
    };
    row('Asigurător', p.insurer_name);
    row('Pachet', p.package_name);
    row('Obiectul asigurării', p.insured_object);
    row('Perioada de asigurare', `${formatDay(p.starts_on)} – ${formatDay(p.ends_on)}`);
    row('Primă de asigurare', formatLei(p.amount_bani));
    row('Comanda', p.order_number);
    doc.moveDown();
    doc.font(bold).text(text('Asigurat / contractant'));
    doc.font(regular).text(text(`${p.customer.first_name} ${p.customer.last_name}`));
    if (p.customer.cnp) doc.text(text(`CNP: ${p.customer.cnp}`));
    if (p.customer.cui) doc.text(text(`CUI: ${p.customer.cui}`));
    doc.text(text(`${p.customer.email}, ${p.customer.phone_number}`));
    if (p.coverage.length) {
      doc.moveDown();
      doc.font(bold).text(text('Acoperiri'));
      doc.font(regular);
      for (const c of p.coverage) doc.text(text(`• ${c}`));
    }
    doc.moveDown(2);
    doc.font(bold).fontSize(10).text(text('Intermediar (broker de asigurare)'));
    doc.font(regular).fontSize(9).fillColor('#444').text(
      text(`${p.broker.name}, nr. Registrul ASF ${p.broker.asf_code}, CUI ${p.broker.cui}, ${p.broker.trade_register}, ${p.broker.address}. ` +
        `${p.broker.email}, ${p.broker.phone}. Brokerul este remunerat prin comision de către asigurător.`),
    );
    doc.moveDown();
    doc.text(text(`Emisă la ${p.issued_at.slice(0, 10)}. Polița afișată pe telefon este o dovadă valabilă a asigurării. ` +
      'Soluționarea alternativă a litigiilor: ANPC – SAL (anpc.ro) și SAL-FIN (salfin.ro).'));
    doc.end();
  });
}
