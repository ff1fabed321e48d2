import { readFile } from 'node:fs/promises';
import { pdfText } from '../backend/tests/pdf-text';
import { signInThroughApi } from './fixtures/auth';
import { test, expect } from './fixtures';
import { answerOnProcessor, orderIdOf, placeOrderAsGuest, uniqueEmail } from './shop-helpers';

/**
 * Issue 14: a leasing company owns the car, another company uses it; the company buys RCA in the browser, pays on
 * the processor's page, and both documents, the policy and the invoice, name the company.
 */
test('a leasing company buys RCA for its user: the policy and the invoice, downloaded through the web app, name the company; another customer gets 404', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await page.goto('/rca/IF10AAA/WBA3A5C51CF256789');
  await expect(page.getByLabel('Marca')).toHaveValue('BMW', { timeout: 20_000 });

  // The owner: a leasing company, named from the register by its CUI.
  await page.getByRole('radio', { name: 'Persoană juridică' }).first().check();
  await page.getByRole('textbox', { name: 'CUI', exact: true }).fill('RO15900825');
  await page.getByRole('textbox', { name: 'CUI', exact: true }).blur();
  await expect(page.getByRole('textbox', { name: 'Denumirea firmei' })).toHaveValue('Leasing Demo IFN SA');

  // The user: another company, also looked up by CUI.
  await page.getByRole('checkbox', { name: 'Utilizatorul este altul decât proprietarul' }).check();
  const user = page.getByRole('group', { name: 'Utilizatorul', exact: true });
  await user.getByRole('radio', { name: 'Persoană juridică' }).check();
  await user.getByRole('textbox', { name: 'CUI-ul utilizatorului' }).fill('14725831');
  await user.getByRole('textbox', { name: 'CUI-ul utilizatorului' }).blur();
  await expect(user.getByRole('textbox', { name: 'Denumirea firmei' })).toHaveValue('Transport Exemplu SRL');

  await page.getByRole('button', { name: 'Vedeți ofertele' }).click();
  await expect(page.getByRole('heading', { name: 'Ofertele asigurătorilor' })).toBeVisible({ timeout: 20_000 });
  // The bonus-malus class follows the user's claims history with this VIN (seeded: B2).
  await expect(page.getByText('Clasa bonus-malus: B2').first()).toBeVisible();
  await page.getByRole('button', { name: /^Alegeți .*fără decontare directă/ }).first().click();

  // The buyer is the owner company; the first and last name are its contact person.
  await expect(page.getByRole('group', { name: /Firma/ }).getByRole('textbox', { name: 'CUI' })).toHaveValue('15900825');
  await expect(page.getByRole('group', { name: /Firma/ }).getByRole('textbox', { name: 'Denumirea firmei' })).toHaveValue('Leasing Demo IFN SA');
  await placeOrderAsGuest(page, uniqueEmail('leasing'));
  await answerOnProcessor(page, 'Plătește');
  await expect(page.getByText('Plata a fost confirmată. Polița este emisă.')).toBeVisible({ timeout: 20_000 });
  const orderId = orderIdOf(page);

  // The policy, through the BFF.
  const { data: order } = (await (await page.request.get(`/api/v1/orders/${orderId}`)).json()) as {
    data: { number: string; policy_id: number; buyer: unknown; invoice: { number: string } };
  };
  expect(order.buyer).toEqual({ type: 'company', name: 'Leasing Demo IFN SA', cui: '15900825' });
  const policyPdf = await page.request.get(`/api/v1/policies/${order.policy_id}/document`);
  expect(policyPdf.status()).toBe(200);
  const policy = await pdfText(new Uint8Array(await policyPdf.body()));
  expect(policy).toContain('Leasing Demo IFN SA, CUI: 15900825');
  expect(policy).toContain('WBA3A5C51CF256789');
  expect(policy).toContain('Clasă bonus-malus: B2');
  expect(policy).toContain('Utilizator Transport Exemplu SRL, CUI: 14725831');

  // The invoice, from the "Descărcați factura" link of the paid order in the account.
  await page.goto('/account/orders');
  const card = page.getByRole('listitem', { name: new RegExp(`comanda ${order.number}$`) });
  await expect(card.getByText(order.invoice.number)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Descărcați factura (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`factura-${order.invoice.number}.pdf`);
  const invoice = await pdfText(new Uint8Array(await readFile((await download.path())!)));
  expect(invoice).toContain(`Număr factură: ${order.invoice.number}`);
  expect(invoice).toMatch(/Cumpărător Denumire: Leasing Demo IFN SA CUI: 15900825 Nr\. Registrul Comerțului: J40\/8812\/2003/);
  expect(invoice).toContain('IF10AAA, VIN WBA3A5C51CF256789');
  expect(invoice).toContain('Scutit de TVA');

  // Another customer asking for that invoice through the web app: 404, as if it did not exist.
  const other = await browser.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await signInThroughApi(otherPage, 'client@exemplu.ro', 'Parola-Demo-2026');
    const foreign = await otherPage.request.get(`/api/v1/orders/${orderId}/invoice`);
    expect(foreign.status()).toBe(404);
    expect(foreign.headers()['content-type']).not.toContain('application/pdf');
  } finally {
    await other.close();
  }
});
