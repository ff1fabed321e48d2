import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountMenu } from '@/components/layout/account-menu';
import { MobileMenu } from '@/components/layout/mobile-menu';

let pathname = '/account/orders';
vi.mock('next/navigation', () => ({ usePathname: () => pathname, useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }) }));

beforeEach(() => {
  pathname = '/account/orders';
});

describe('AccountMenu', () => {
  it('links a signed-out visitor to /authenticate', () => {
    render(<AccountMenu signedIn={false} />);
    expect(screen.getByRole('link', { name: 'Contul meu' })).toHaveAttribute('href', '/authenticate');
  });

  it('opens its list of account pages, marks the current one, and closes on Escape with focus back on the button', async () => {
    const user = userEvent.setup();
    render(<AccountMenu signedIn />);
    const button = screen.getByRole('button', { name: 'Contul meu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Comenzile mele' })).toBeNull();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(button.getAttribute('aria-controls')!);
    expect(list).toBeVisible();
    expect(screen.getByRole('link', { name: 'Comenzile mele' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Profil' })).not.toHaveAttribute('aria-current');

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes on a pointer down outside it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <AccountMenu signedIn />
        <p>În afara meniului</p>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Contul meu' });
    await user.click(button);
    fireEvent.pointerDown(screen.getByText('În afara meniului'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('MobileMenu', () => {
  it('opens the panel with the product, secondary and account links', async () => {
    const user = userEvent.setup();
    pathname = '/travel';
    render(<MobileMenu signedIn />);
    await user.click(screen.getByRole('button', { name: 'Deschideți meniul' }));
    const nav = screen.getByRole('navigation', { name: 'Meniu principal' });
    expect(nav).toBeVisible();
    expect(screen.getByRole('link', { name: 'Călătorie' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact-us');
    expect(screen.getByRole('link', { name: 'Polițele mele' })).toHaveAttribute('href', '/account/policies');

    await user.click(screen.getByRole('button', { name: 'Închideți meniul' }));
    expect(nav).not.toBeVisible();
  });

  it('offers sign-in instead of the account pages to a signed-out visitor', async () => {
    const user = userEvent.setup();
    render(<MobileMenu signedIn={false} />);
    await user.click(screen.getByRole('button', { name: 'Deschideți meniul' }));
    expect(screen.getByRole('link', { name: 'Autentificare sau cont nou' })).toHaveAttribute('href', '/authenticate');
    expect(screen.queryByRole('link', { name: 'Polițele mele' })).toBeNull();
  });
});

describe('closed menus in the server HTML', () => {
  it('carry their panels (the buttons control them) but none of their links', async () => {
    const { renderToString } = await import('react-dom/server');
    for (const signedIn of [true, false]) {
      const html = renderToString(<MobileMenu signedIn={signedIn} />);
      expect(html).toMatch(/<nav[^>]*hidden=""/);
      expect(html).not.toContain('<a ');
    }
    const account = renderToString(<AccountMenu signedIn />);
    expect(account).toMatch(/<ul[^>]*hidden=""/);
    expect(account).not.toContain('<a ');
    expect(account).not.toContain('Deconectare');
  });
});
