/**
 * Public content: FAQ types, FAQ anchors and the contact form (the server components read the content itself
 * through lib/api/content-server.ts and lib/content/info-pages.ts, which has the info page type).
 */
import { api, FIELD_ERRORS_INLINE, unwrap, type Envelope } from '@/lib/api/client';
import type { ContactPayload } from '@/lib/validation/contact';

export type FaqQuestion = { id: string; question: string; answer: string };
export type FaqCategory = { category: string; questions: FaqQuestion[] };

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

export async function sendContactMessage(payload: ContactPayload & { token: string | null }): Promise<{ id: number }> {
  return unwrap(await api.post<Envelope<{ id: number }>>('/api/v1/contact-messages', payload, FIELD_ERRORS_INLINE));
}
