import { formatLeiFromBani } from '../../../contract/money';
import { formatDay } from '../../../contract/format-day';
import { newPdf, printable as text } from './fonts';

/** An invoice as issued (stored with it, so the document never changes afterwards). */
export interface InvoiceContent {
  number: string;
  /** Bucharest day of issue, `YYYY-MM-DD`. */
  issued_on: string;
  seller: { name: string; cui: string; trade_register: string; address: string; asf_code: string; email: string; phone: string };
  buyer: {
    type: 'person' | 'company';
    name: string;
    cui: string | null;
    trade_register: string | null;
    address: string | null;
    /** A company's contact person. */
    contact: string | null;
    email: string;
  };
  lines: {
    product: string;
    package_name: string;
    /** Plate and VIN, destination, address, tires, … */
    object: string;
    insurer: string;
    policy_number: string;
    starts_on: string;
    ends_on: string;
    amount_bani: number;
    kind: 'insurance' | 'vignette';
  }[];
  total_bani: number;
  order_number: string;
  payment_id: string;
  paid_on: string;
}

/**
 * Insurance premiums are exempt from VAT: Codul fiscal (Legea nr. 227/2015) art. 292 alin. (2) lit. b), the
 * insurance operations and the services of those who intermediate them.
 */
const VAT_EXEMPT = 'Scutit de TVA conform art. 292 alin. (2) lit. b) din Codul fiscal (Legea nr. 227/2015): operațiuni de asigurare.';
/** Road vignette tariffs are set by the issuer with VAT included (DOMAIN.md "Road vignettes"). */
const VIGNETTE_VAT = 'Tariful vignetei este stabilit de emitent și include TVA.';

/** Renders the invoice ("Factură"); pdfkit is loaded on first use only. */
export async function renderInvoicePdf(inv: InvoiceContent): Promise<Buffer> {
  const { doc, done, regular, bold, row, heading } = await newPdf({ Title: `Factură ${inv.number}`, Author: inv.seller.name });

  doc.font(bold).fontSize(20).text(text('Factură'));
  doc.font(regular).fontSize(11).fillColor('#444').text(text(`Nr. ${inv.number}`));
  doc.fillColor('#000');
  doc.moveDown(0.5);
  row('Număr factură', inv.number);
  row('Data emiterii', formatDay(inv.issued_on));
  row('Comanda', inv.order_number);

  heading('Furnizor');
  row('Denumire', inv.seller.name);
  row('CUI', inv.seller.cui);
  row('Nr. Registrul Comerțului', inv.seller.trade_register);
  row('Sediu', inv.seller.address);
  row('Nr. Registrul ASF', `${inv.seller.asf_code} (broker de asigurare)`);
  row('Contact', `${inv.seller.email}, ${inv.seller.phone}`);

  heading('Cumpărător');
  if (inv.buyer.type === 'company') {
    row('Denumire', inv.buyer.name);
    row('CUI', inv.buyer.cui ?? '');
    if (inv.buyer.trade_register) row('Nr. Registrul Comerțului', inv.buyer.trade_register);
    if (inv.buyer.address) row('Sediu', inv.buyer.address);
    if (inv.buyer.contact) row('Persoană de contact', inv.buyer.contact);
  } else {
    row('Nume', inv.buyer.name);
    if (inv.buyer.address) row('Adresa', inv.buyer.address);
  }
  row('Email', inv.buyer.email);

  heading('Servicii facturate');
  inv.lines.forEach((l, i) => {
    doc.moveDown(0.3);
    doc.font(bold).text(text(`${i + 1}. ${l.product} – ${l.package_name}`));
    row(l.kind === 'vignette' ? 'Vehicul' : 'Obiectul asigurării', l.object);
    row(l.kind === 'vignette' ? 'Emitent' : 'Asigurător', l.insurer);
    row(l.kind === 'vignette' ? 'Seria' : 'Poliță nr.', l.policy_number);
    row('Perioada', `${formatDay(l.starts_on)} – ${formatDay(l.ends_on)}`);
    row('Valoare', formatLeiFromBani(l.amount_bani));
    row('TVA', l.kind === 'vignette' ? VIGNETTE_VAT : VAT_EXEMPT);
  });

  doc.moveDown(0.6);
  doc.font(bold).fontSize(13).text(text(`Total de plată: ${formatLeiFromBani(inv.total_bani)}`));
  doc.fontSize(11);
  row('Achitat', `cu cardul, online, la ${formatDay(inv.paid_on)}`);
  row('Referința plății', inv.payment_id);

  doc.moveDown(2);
  doc.font(regular).fontSize(9).fillColor('#444').text(
    text(`${inv.seller.name} intermediază polițele ca broker de asigurare și este remunerat prin comision de către asigurător. ` +
      'Factura este valabilă fără semnătură și ștampilă (art. 319 alin. (29) din Codul fiscal). Datele sunt în ora României.'),
  );
  doc.end();
  return done;
}
