import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Activity, useState } from 'react';
import { useForgetOnLeave } from '@/components/auth/use-forget-on-leave';

/** A page that shows a secret once it is asked for, and forgets it on leave. */
function SecretPage({ onForget }: { onForget?: () => void }) {
  const [secret, setSecret] = useState<string | null>(null);
  const [renders, setRenders] = useState(0);
  useForgetOnLeave(() => {
    onForget?.();
    setSecret(null);
  });
  return (
    <div>
      <button type="button" onClick={() => setSecret('ABCD-1234')}>
        Arătați
      </button>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        Redesenați {renders}
      </button>
      <p>{secret ?? 'fără secret'}</p>
    </div>
  );
}

const pageTransition = (type: 'pagehide' | 'pageshow', persisted: boolean) => new PageTransitionEvent(type, { persisted });

async function showSecret() {
  await userEvent.click(screen.getByRole('button', { name: 'Arătați' }));
  expect(screen.getByText('ABCD-1234')).toBeInTheDocument();
}

describe('useForgetOnLeave', () => {
  it('forgets before the page goes into the back/forward cache: the kept document no longer holds the secret', async () => {
    render(<SecretPage />);
    await showSecret();
    act(() => {
      window.dispatchEvent(pageTransition('pagehide', true));
      // Still inside act(), which renders only when it ends: the pagehide handler itself must have updated the DOM,
      // since the browser freezes the page right after it.
      expect(screen.queryByText('ABCD-1234')).toBeNull();
      expect(screen.getByText('fără secret')).toBeInTheDocument();
    });
  });

  it('forgets when the page comes back from the back/forward cache', async () => {
    render(<SecretPage />);
    await showSecret();
    act(() => {
      window.dispatchEvent(pageTransition('pageshow', true));
    });
    expect(screen.queryByText('ABCD-1234')).toBeNull();
  });

  it('keeps the secret while the customer is on the page: hidden tab, re-renders, a page unloaded for good', async () => {
    const onForget = vi.fn();
    render(<SecretPage onForget={onForget} />);
    await showSecret();
    act(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(pageTransition('pageshow', false));
      window.dispatchEvent(pageTransition('pagehide', false));
    });
    Reflect.deleteProperty(document, 'visibilityState');
    // A new `forget` on every render must not count as leaving (the effect keeps its listeners).
    await userEvent.click(screen.getByRole('button', { name: /Redesenați/ }));
    await userEvent.click(screen.getByRole('button', { name: /Redesenați/ }));
    expect(screen.getByText('ABCD-1234')).toBeInTheDocument();
    expect(onForget).not.toHaveBeenCalled();
  });

  it('forgets when the client router hides the page with its state kept (Activity), so Back shows it without', async () => {
    const { rerender } = render(
      <Activity mode="visible">
        <SecretPage />
      </Activity>,
    );
    await showSecret();
    rerender(
      <Activity mode="hidden">
        <SecretPage />
      </Activity>,
    );
    rerender(
      <Activity mode="visible">
        <SecretPage />
      </Activity>,
    );
    expect(await screen.findByText('fără secret')).toBeInTheDocument();
    expect(screen.queryByText('ABCD-1234')).toBeNull();
  });

  it('forgets on unmount and stops listening', async () => {
    const onForget = vi.fn();
    const { unmount } = render(<SecretPage onForget={onForget} />);
    await showSecret();
    unmount();
    expect(onForget).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(pageTransition('pagehide', true));
      window.dispatchEvent(pageTransition('pageshow', true));
    });
    expect(onForget).toHaveBeenCalledTimes(1);
  });
});
