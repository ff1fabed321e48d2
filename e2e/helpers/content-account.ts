import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './secrets';

export const ADMIN_HEADERS = { 'X-Admin-Token': E2E_ADMIN_TOKEN };
export const DEMO_EMAIL = 'client@exemplu.ro';
export const DEMO_PASSWORD = 'Parola-Demo-2026';

/** Signs the page's browser context in through the web app's own BFF (cookie session), without the UI. */
export async function signInThroughBff(page: Page, email: string, password: string): Promise<void> {
  const request = page.context().request;
  await request.get('/api/xsrf');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.post('/api/v1/auth/login', {
    data: { email, password, token: '' },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  if (!res.ok()) throw new Error(`login answered ${res.status()}: ${await res.text()}`);
}

/** Registers a fresh customer through the BFF (signed in afterwards): a user who bought nothing. */
export async function registerFreshCustomer(page: Page): Promise<string> {
  const request = page.context().request;
  await request.get('/api/xsrf');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const email = `gol-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemplu.ro`;
  const res = await request.post('/api/v1/auth/register', {
    data: {
      email,
      phone_number: '0722000111',
      first_name: 'Elena',
      last_name: 'Nouă',
      password: 'Parola-Noua-2026',
      password_confirmation: 'Parola-Noua-2026',
      is_default_password: false,
      token: '',
    },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  if (!res.ok()) throw new Error(`register answered ${res.status()}: ${await res.text()}`);
  return email;
}

export async function setProductFlags(request: APIRequestContext, backendURL: string, flags: Record<string, boolean>) {
  const res = await request.put(`${backendURL}/admin/product-statuses`, { data: flags, headers: ADMIN_HEADERS });
  if (!res.ok()) throw new Error(`PUT /admin/product-statuses answered ${res.status()}: ${await res.text()}`);
  return (await res.json()).data as Record<string, unknown>;
}

export type { BrowserContext };
