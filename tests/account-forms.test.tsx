import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PreferencesForm } from '@/components/account/preferences-form';
import { ProfileForm } from '@/components/account/profile-form';
import { ApiError } from '@/lib/api/errors';
import type { Preferences, Profile } from '@/contract/types';
import { initialSystemState, useSystemStore } from '@/stores/system-store';

// Typing-heavy UI tests: allow for a loaded CI machine.
vi.setConfig({ testTimeout: 20_000 });

const profile: Profile = {
  email: 'client@exemplu.ro',
  first_name: 'Ana',
  last_name: 'Popescu',
  phone_number: '0722123456',
  address: null,
};

describe('profile form', () => {
  it('shows the email read-only and the current values', () => {
    render(<ProfileForm profile={profile} save={vi.fn()} />);
    expect(screen.getByLabelText('Email')).toHaveValue('client@exemplu.ro');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Prenume/)).toHaveValue('Ana');
  });

  it('saves name, phone and address', async () => {
    const save = vi.fn((p) => Promise.resolve({ ...profile, ...p }));
    render(<ProfileForm profile={profile} save={save} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/Prenume/));
    await user.type(screen.getByLabelText(/Prenume/), 'Ioana');
    await user.selectOptions(screen.getByLabelText('Județ'), 'Cluj');
    await user.type(screen.getByLabelText('Localitate'), 'Cluj-Napoca');
    await user.type(screen.getByLabelText(/Stradă/), 'Str. Horea 5');
    await user.click(screen.getByRole('button', { name: 'Salvați modificările' }));
    // The payload is the contract's profileBody: an empty postal code goes as null, as the backend stores it.
    expect(save).toHaveBeenCalledWith({
      first_name: 'Ioana',
      last_name: 'Popescu',
      phone_number: '0722123456',
      address: { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Horea 5', postal_code: null },
    });
    expect(await screen.findByText('Datele au fost salvate.')).toBeInTheDocument();
    // The next edit withdraws the confirmation: what is on screen is no longer what was saved.
    await user.type(screen.getByLabelText('Localitate'), ' Centru');
    expect(screen.queryByText('Datele au fost salvate.')).toBeNull();
  });

  it('marks invalid fields in Romanian and does not save', async () => {
    const save = vi.fn();
    render(<ProfileForm profile={profile} save={save} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/Telefon/));
    await user.type(screen.getByLabelText(/Telefon/), '12345');
    await user.type(screen.getByLabelText('Localitate'), 'Cluj-Napoca');
    await user.click(screen.getByRole('button', { name: 'Salvați modificările' }));
    // The schema loads on demand, so the messages and the focus come after the (asynchronous) validation.
    await waitFor(() =>
      expect(screen.getByLabelText(/Telefon/)).toHaveAccessibleDescription('Numărul de telefon nu este valid (07xxxxxxxx).'),
    );
    expect(screen.getByLabelText('Județ')).toHaveAccessibleDescription('Alegeți județul.');
    await waitFor(() => expect(screen.getByLabelText(/Telefon/)).toHaveFocus());
    expect(save).not.toHaveBeenCalled();
  });

  it('keeps the edits when saving fails and places server field errors', async () => {
    const save = vi.fn(() =>
      Promise.reject(
        new ApiError({
          code: 'validation_failed',
          status: 422,
          message: 'x',
          prettyMessage: 'Datele nu sunt valide.',
          fieldErrors: { 'address.postal_code': ['Codul poștal nu există.'] },
        }),
      ),
    );
    render(<ProfileForm profile={profile} save={save} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Județ'), 'Cluj');
    await user.type(screen.getByLabelText('Localitate'), 'Cluj-Napoca');
    await user.type(screen.getByLabelText(/Stradă/), 'Str. Horea 5');
    await user.type(screen.getByLabelText('Cod poștal'), '999999');
    await user.click(screen.getByRole('button', { name: 'Salvați modificările' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Datele nu sunt valide.');
    expect(screen.getByLabelText('Cod poștal')).toHaveAccessibleDescription('Codul poștal nu există.');
    expect(screen.getByLabelText(/Stradă/)).toHaveValue('Str. Horea 5');
  });
});

const prefs: Preferences = {
  is_dark_theme: null,
  marketing_email: false,
  marketing_sms: false,
  notify_expiry_email: true,
  notify_expiry_sms: false,
  date_locale: 'ro',
};

describe('preferences form', () => {
  beforeEach(() => {
    useSystemStore.setState(initialSystemState);
    document.documentElement.classList.remove('dark');
  });

  it('saves the choices and applies the dark theme', async () => {
    const save = vi.fn((p: Preferences) => Promise.resolve(p));
    render(<PreferencesForm preferences={prefs} save={save} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Întunecată'));
    await user.click(screen.getByLabelText('Vreau oferte și noutăți pe email'));
    await user.selectOptions(screen.getByLabelText('Limba datelor calendaristice'), 'fr');
    await user.click(screen.getByRole('button', { name: 'Salvați preferințele' }));
    expect(save).toHaveBeenCalledWith({ ...prefs, is_dark_theme: true, marketing_email: true, date_locale: 'fr' });
    expect(await screen.findByText('Preferințele au fost salvate.')).toBeInTheDocument();
    expect(useSystemStore.getState()).toMatchObject({ isDarkTheme: true, isThemeChangedManually: true });
    expect(document.documentElement).toHaveClass('dark');
  });

  it('keeps the choices on a failed save and does not change the theme', async () => {
    const save = vi.fn(() => Promise.reject(new ApiError({ code: 'http_500', status: 500, message: 'x', prettyMessage: 'Eroare de server.' })));
    render(<PreferencesForm preferences={prefs} save={save} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Întunecată'));
    await user.click(screen.getByRole('button', { name: 'Salvați preferințele' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Eroare de server.');
    expect(screen.getByLabelText('Întunecată')).toBeChecked();
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
