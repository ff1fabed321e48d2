import { formatLeiFromBani } from '../../../contract/money';
import { formatDay } from '../../../contract/format-day';
import { newPdf, printable as text } from './fonts';
import type { Party, Section } from './policy-content';

export interface PolicyDocument {
  broker: { name: string; asf_code: string; cui: string; trade_register: string; address: string; email: string; phone: string };
  brand: string;
  number: string;
  product_name: string;
  insurer_name: string;
  package_name: string;
  starts_on: string;
  ends_on: string;
  amount_bani: number;
  order_number: string;
  parties: Party[];
  sections: Section[];
  coverage: string[];
  /** The Bucharest day the policy was issued (`YYYY-MM-DD`). */
  issued_on: string;
  /** Road vignettes: the proof of purchase shows series, plate, category and validity instead of cover. */
  vignette?: { plate: string; country: string; category: string; counties: string[]; list_price: string | null };
}

/** Renders the policy; pdfkit (≈20 MB resident) is loaded on first use only. */
export async function renderPolicyPdf(p: PolicyDocument): Promise<Buffer> {
  const { doc, done, regular, bold, row, heading } = await newPdf({ Title: `Poliță ${p.number}`, Author: p.broker.name });
  if (p.vignette) {
    const v = p.vignette;
    doc.font(bold).fontSize(18).text(text(`${p.product_name}: dovada achiziției`));
    doc.font(regular).fontSize(11).fillColor('#444').text(text(`Seria ${p.number}`));
    doc.moveDown();
    row('Seria', p.number);
    row('Emitent', p.insurer_name);
    row('Număr de înmatriculare', v.plate);
    row('Țara de înmatriculare', v.country);
    row('Categoria', v.category);
    if (v.counties.length) row('Județe', v.counties.join(', '));
    row('Valabilitate', `${formatDay(p.starts_on)} – ${formatDay(p.ends_on)} inclusiv`);
    row('Preț plătit', v.list_price ? `${formatLeiFromBani(p.amount_bani)} (${v.list_price})` : formatLeiFromBani(p.amount_bani));
    row('Comanda', p.order_number);
    for (const party of p.parties) {
      heading(party.label);
      doc.font(regular);
      for (const line of party.lines) doc.text(text(line));
    }
    doc.moveDown(2);
    doc.font(regular).fontSize(9).fillColor('#444').text(
      text(`Vigneta este electronică și legată de numărul de înmatriculare; nu se lipește nimic pe parbriz. Emisă la ${formatDay(p.issued_on)} ` +
        `prin ${p.broker.name}, CUI ${p.broker.cui}, ${p.broker.address}. Păstrați acest document ca dovadă a plății.`),
    );
    doc.end();
    return done;
  }
  doc.font(bold).fontSize(18).text(text(p.product_name));
  doc.font(regular).fontSize(11).fillColor('#444').text(text(`Poliță nr. ${p.number}`));
  doc.moveDown();
  row('Asigurător', p.insurer_name);
  row('Pachet', p.package_name);
  row('Perioada de asigurare', `${formatDay(p.starts_on)} – ${formatDay(p.ends_on)} (ora României)`);
  row('Primă de asigurare', formatLeiFromBani(p.amount_bani));
  row('Comanda', p.order_number);
  for (const party of p.parties) {
    heading(party.label);
    doc.font(regular);
    for (const line of party.lines) doc.text(text(line));
  }
  for (const section of p.sections) {
    heading(section.title);
    for (const [label, value] of section.rows) row(label, value);
  }
  if (p.coverage.length) {
    heading('Acoperiri');
    doc.font(regular);
    for (const c of p.coverage) doc.text(text(`• ${c}`));
  }
  doc.moveDown(2);
  doc.font(bold).fontSize(10).text(text(`Intermediar (broker de asigurare): ${p.brand}`));
  doc.font(regular).fontSize(9).fillColor('#444').text(
    text(`${p.broker.name}, nr. Registrul ASF ${p.broker.asf_code}, CUI ${p.broker.cui}, ${p.broker.trade_register}, ${p.broker.address}. ` +
      `${p.broker.email}, ${p.broker.phone}. Brokerul este remunerat prin comision de către asigurător.`),
  );
  doc.moveDown();
  doc.text(text(`Emisă la ${formatDay(p.issued_on)}. Polița afișată pe telefon este o dovadă valabilă a asigurării. ` +
    'Soluționarea alternativă a litigiilor: ANPC – SAL (anpc.ro) și SAL-FIN (salfin.ro).'));
  doc.end();
  return done;
}
