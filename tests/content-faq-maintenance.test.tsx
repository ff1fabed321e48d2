import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Typing-heavy UI tests: allow for a loaded CI machine.
vi.setConfig({ testTimeout: 20_000 });

// A plain function rather than vi.fn(): a vi.fn returning a rejected promise reports it as unhandled.
let status: () => Promise<{ is_active: boolean; message: string | null }> = () => new Promise(() => {});
vi.mock('@/lib/api/system', () => ({ getMaintenanceStatus: () => status() }));

const { FaqList } = await import('@/components/content/faq-list');
const { openDetailsForHash } = await import('@/components/content/faq-hash-opener');
const { MaintenanceWatcher } = await import('@/components/content/maintenance-watcher');
const { categoryAnchor } = await import('@/lib/api/content');

const faq = [
  { category: 'RCA', questions: [{ id: 'ce-este-rca', question: 'Ce este asigurarea RCA?', answer: 'Asigurarea obligatorie.' }] },
  { category: 'Plată și poliță', questions: [{ id: 'cum-platesc', question: 'Cum pot plăti?', answer: 'Cu cardul.' }] },
];

describe('FAQ', () => {
  beforeEach(() => window.history.replaceState(null, '', '/faq'));

  it('groups questions under category headings, closed by default', () => {
    render(<FaqList faq={faq} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Plată și poliță' })).toHaveAttribute('id', 'categorie-plata-si-polita');
    expect(screen.getByText('Cum pot plăti?').closest('details')).not.toHaveAttribute('open');
  });

  it('opens the answer a hash points at, on load and on hash change', async () => {
    window.history.replaceState(null, '', '/faq#cum-platesc');
    render(<FaqList faq={faq} />);
    await waitFor(() => expect(screen.getByText('Cum pot plăti?').closest('details')).toHaveAttribute('open'));
    expect(screen.getByText('Ce este asigurarea RCA?').closest('details')).not.toHaveAttribute('open');
    window.location.hash = '#ce-este-rca';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await waitFor(() => expect(screen.getByText('Ce este asigurarea RCA?').closest('details')).toHaveAttribute('open'));
  });

  it('ignores hashes that match nothing', () => {
    render(<FaqList faq={faq} />);
    expect(openDetailsForHash('#nu-exista')).toBeNull();
    expect(categoryAnchor('Călătorie')).toBe('categorie-calatorie');
  });
});

describe('maintenance watcher', () => {

  it('returns the visitor to last_url once maintenance is over', async () => {
    const answers = [{ is_active: true, message: 'Actualizăm sistemul.' }];
    status = () => Promise.resolve(answers.shift() ?? { is_active: false, message: null });
    const navigate = vi.fn();
    // The second check comes 1 s later: time enough to see the first answer even on a loaded machine.
    render(<MaintenanceWatcher lastUrl="/rca/B123ABC?x=1" pollMs={1000} navigate={navigate} />);
    expect(await screen.findByText('Actualizăm sistemul.')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/rca/B123ABC?x=1'), { timeout: 5000 });
  });

  it('never sends the visitor to another site', async () => {
    status = () => Promise.resolve({ is_active: false, message: null });
    const navigate = vi.fn();
    render(<MaintenanceWatcher lastUrl="//evil.example/phish" pollMs={1000} navigate={navigate} />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
  });

  it('tells a visitor who opened the page directly that the site works, then takes them home', async () => {
    status = () => Promise.resolve({ is_active: false, message: null });
    const navigate = vi.fn();
    render(<MaintenanceWatcher lastUrl={null} pollMs={1000} directReturnMs={200} navigate={navigate} />);
    expect(await screen.findByText(/Site-ul funcționează normal/)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: /Încercați acum|Încercați acum/ })).toHaveAttribute('href', '/');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('keeps waiting while the status cannot be read', async () => {
    let calls = 0;
    status = () => {
      calls += 1;
      return Promise.reject(new Error('network'));
    };
    const navigate = vi.fn();
    render(<MaintenanceWatcher lastUrl="/faq" pollMs={20} navigate={navigate} />);
    await waitFor(() => expect(calls).toBeGreaterThan(2));
    expect(navigate).not.toHaveBeenCalled();
  });
});
