import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('@/components/layout/server-error');
  vi.resetModules();
});

describe('error boundaries load their body on demand (issue 17)', () => {
  it('the group boundaries show the server error with its retry button', async () => {
    const { LazyServerError } = await import('@/components/layout/lazy-server-error');
    const retry = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LazyServerError error={Object.assign(new Error('boom'), { digest: 'abc123' })} retry={retry} />);
    expect(await screen.findByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByText('Cod de referință: abc123')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Încercați din nou' }).click();
    expect(retry).toHaveBeenCalled();
  });

  it('the global boundary falls back to a reload when the body cannot load', async () => {
    vi.doMock('@/components/layout/server-error', () => {
      throw new Error('chunk failed to load');
    });
    const { LastResortServerError } = await import('@/components/layout/last-resort-server-error');
    render(<LastResortServerError error={new Error('boom')} />);
    expect(await screen.findByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reîncărcați pagina' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Încercați din nou' })).toBeNull();
  });

  it('the global boundary shows the same body as the others when it loads', async () => {
    const { LastResortServerError } = await import('@/components/layout/last-resort-server-error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LastResortServerError error={new Error('boom')} retry={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Încercați din nou' })).toBeInTheDocument();
  });
});
