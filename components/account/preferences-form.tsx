'use client';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { RadioGroup } from '@/components/ui/radio-group';
import { SaveOutcomeAlert } from '@/components/ui/save-outcome-alert';
import { SelectField } from '@/components/ui/select-field';
import type { Preferences } from '@/contract/types';
import { useFormField, useSchemaForm } from '@/lib/forms/use-schema-form';
import { useSaveOutcome } from '@/lib/forms/use-save-outcome';
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
  const outcome = useSaveOutcome('Preferințele nu au putut fi salvate. Încercați din nou.');
  const form = useSchemaForm({ schema: preferencesSchema, defaultValues: preferences });
  const theme = useFormField(form, 'is_dark_theme');
  const { bind } = form;

  const onValid = async (values: Preferences) => {
    const saved = await outcome.run(() => save(values));
    form.reset(saved);
    applyTheme(saved.is_dark_theme);
  };

  return (
    <form noValidate onSubmit={form.submit(onValid)} onChange={outcome.withdraw} className="space-y-8">
      <SaveOutcomeAlert
        outcome={outcome}
        done={<Alert tone="success">Preferințele au fost salvate.</Alert>}
        failedTitle="Preferințele nu au fost salvate"
      />
      <RadioGroup
        name="theme"
        legend="Tema site-ului"
        options={THEME_OPTIONS}
        value={themeValue(theme.value)}
        onChange={(value) => {
          theme.onChange(value === 'system' ? null : value === 'dark');
          outcome.withdraw();
        }}
        inline
      />
      <fieldset className="space-y-3">
        <legend className="mb-2 font-medium">Oferte și noutăți</legend>
        <Checkbox label="Vreau oferte și noutăți pe email" {...bind('marketing_email')} />
        <Checkbox label="Vreau oferte și noutăți prin SMS" {...bind('marketing_sms')} />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 font-medium">Amintiri înainte de expirarea polițelor și a rovinietelor</legend>
        {/* Service reminders, not marketing: the backend mails 30, 7 and 1 day before the end (backend/README.md). */}
        <Checkbox
          label="Pe email, cu 30 de zile, 7 zile și o zi înainte de expirare, cu linkul de reînnoire"
          {...bind('notify_expiry_email')}
        />
        <Checkbox label="Prin SMS, cu 30 de zile înainte de expirare" {...bind('notify_expiry_sms')} />
      </fieldset>
      <SelectField
        label="Limba datelor calendaristice"
        className="max-w-sm"
        options={DATE_LOCALES.map((l) => ({ value: l.value, label: l.label }))}
        {...bind('date_locale')}
      />
      <Button type="submit" loading={form.pending} loadingLabel="Se salvează…">
        Salvați preferințele
      </Button>
    </form>
  );
}
