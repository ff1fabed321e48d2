/**
 * Public content: FAQ, info pages, insurers and the contact form.
 */
import { api, FIELD_ERRORS_INLINE, unwrap, type Envelope } from '@/lib/api/client';
import type { Insurer } from '@/lib/api/orders';
import type { ContactPayload } from '@/lib/validation/contact';

export type FaqQuestion = { id: string; question: string; answer: string };
export type FaqCategory = { category: string; questions: FaqQuestion[] };
export type InfoPageLink = { slug: string; title: string };
export type InfoPage = { slug: string; title: string; body_html: string; updated_at: string };

/** Slug of a category heading, for anchors (`#categorie-rca`). */
export function categoryAnchor(category: string): string {
  const slug = category
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `categorie-${slug || 'generale'}`;
}

/** The question a URL hash points at (`#cum-platesc` → its id), or null. */
export function questionIdFromHash(hash: string, faq: readonly FaqCategory[]): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return null;
  for (const c of faq) if (c.questions.some((q) => q.id === id)) return id;
  return null;
}

export async function getFaq(): Promise<FaqCategory[]> {
  return unwrap(await api.get<Envelope<FaqCategory[]>>('/api/v1/faq'));
}

export async function listInfoPages(): Promise<InfoPageLink[]> {
  return unwrap(await api.get<Envelope<InfoPageLink[]>>('/api/v1/info-pages'));
}

export async function getInfoPage(slug: string): Promise<InfoPage> {
  return unwrap(await api.get<Envelope<InfoPage>>(`/api/v1/info-pages/${encodeURIComponent(slug)}`));
}

export async function listInsurers(): Promise<Insurer[]> {
  return unwrap(await api.get<Envelope<Insurer[]>>('/api/v1/insurers'));
}

export async function sendContactMessage(payload: ContactPayload & { token: string | null }): Promise<{ id: number }> {
  return unwrap(await api.post<Envelope<{ id: number }>>('/api/v1/contact-messages', payload, FIELD_ERRORS_INLINE));
}
