'use client';

import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { RadioGroup } from '@/components/ui/radio-group';
import { SelectField } from '@/components/ui/select-field';
import { isApiError } from '@/lib/api/errors';
import type { Preferences } from '@/contract/types';
import { DATE_LOCALES, preferencesSchema } from '@/lib/validation/account';
import { useSystemStore } from '@/stores/system-store';

export type SavePreferences = (payload: Preferences) => Promise<Preferences>;

const THEME_OPTIONS = [
  { value: 'system', label: 'Automată', hint: 'Urmează setarea dispozitivului.' },
  { value: 'light', label: 'Luminoasă' },
  { value: 'dark', label: 'Întunecată' },
];

function themeValue(isDark: boolean | null): string {
  return isDark === null ? 'system' : isDark ? 'dark' : 'light';
}

function applyTheme(isDark: boolean | null) {
  if (isDark === null) return;
  useSystemStore.getState().setDarkTheme(isDark);
  document.documentElement.classList.toggle('dark', isDark);
  document.documentElement.style.colorScheme = isDark ? 'dark' : 'light';
}

/** Theme, marketing and notification choices and the language of dates, saved at the backend. */
export function PreferencesForm({ preferences, save }: { preferences: Preferences; save: SavePreferences }) {
  const [values, setValues] = useState<Preferences>(preferences);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  const set = <K extends keyof Preferences>(key: K, value: Preferences[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (status === 'saved') setStatus('idle');
  };
  const toggle = (key: 'marketing_email' | 'marketing_sms' | 'notify_expiry_email' | 'notify_expiry_sms') => ({
    name: key,
    checked: values[key],
    onChange: (event: { target: { checked: boolean } }) => set(key, event.target.checked),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = preferencesSchema.safeParse(values);
    if (!parsed.success) {
      setStatus('failed');
      setFailure('Alegerile nu sunt valide.');
      return;
    }
    setStatus('saving');
    setFailure(null);
    try {
      const saved = await save(parsed.data);
      setValues(saved);
      applyTheme(saved.is_dark_theme);
      setStatus('saved');
    } catch (error) {
      setStatus('failed');
      setFailure(
        isApiError(error) ? error.prettyMessage : 'Preferințele nu au putut fi salvate. Încercați din nou.',
      );
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-8">
      <div aria-live="polite">
        {status === 'saved' ? <Alert tone="success">Preferințele au fost salvate.</Alert> : null}
        {status === 'failed' && failure ? (
          <Alert tone="error" title="Preferințele nu au fost salvate">
            {failure}
          </Alert>
        ) : null}
      </div>
      <RadioGroup
        name="theme"
        legend="Tema site-ului"
        options={THEME_OPTIONS}
        value={themeValue(values.is_dark_theme)}
        onChange={(value) => set('is_dark_theme', value === 'system' ? null : value === 'dark')}
        inline
      />
      <fieldset className="space-y-3">
        <legend className="mb-2 font-medium">Oferte și noutăți</legend>
        <Checkbox label="Vreau oferte și noutăți pe email" {...toggle('marketing_email')} />
        <Checkbox label="Vreau oferte și noutăți prin SMS" {...toggle('marketing_sms')} />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 font-medium">Amintiri înainte de expirarea polițelor și a rovinietelor</legend>
        {/* Service reminders, not marketing: the backend mails 30, 7 and 1 day before the end (backend/README.md). */}
        <Checkbox
          label="Pe email, cu 30 de zile, 7 zile și o zi înainte de expirare, cu linkul de reînnoire"
          {...toggle('notify_expiry_email')}
        />
        <Checkbox label="Prin SMS, cu 30 de zile înainte de expirare" {...toggle('notify_expiry_sms')} />
      </fieldset>
      <SelectField
        label="Limba datelor calendaristice"
        name="date_locale"
        className="max-w-sm"
        options={DATE_LOCALES.map((l) => ({ value: l.value, label: l.label }))}
        value={values.date_locale}
        onChange={(event) => set('date_locale', event.target.value as Preferences['date_locale'])}
      />
      <Button type="submit" loading={status === 'saving'} loadingLabel="Se salvează…">
        Salvați preferințele
      </Button>
    </form>
  );
}
