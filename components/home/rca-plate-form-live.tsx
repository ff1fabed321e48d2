'use client';

import { useEffect, useLayoutEffect, useRef } from 'react';
import { leaveTo } from '@/components/auth/navigate';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { typedPlate, typedVin, type PlateEntryErrors } from '@/lib/validation/plate-entry';
import type { PlateEntryValues } from '@/lib/validation/plate-entry-schema';
import { PLATE_FIELDS, RcaPlateFormView, type PlateField } from './rca-plate-form-view';

const loadPlateEntrySchema = () => import('@/lib/validation/plate-entry-schema').then((m) => m.plateEntrySchema);

const NORMALISE = { registration_plate: typedPlate, vin: typedVin } satisfies Record<PlateField, (value: string) => string>;

/**
 * Where the plain box was when its form layer arrived: what was typed, the server's messages, the caret, a submit,
 * and the boxes typed into and already left (checked on arrival, as leaving them would have been).
 */
export type PlateFormStart = {
  values: Record<PlateField, string>;
  errors: PlateEntryErrors;
  focus?: { name: PlateField; caret: number };
  left: PlateField[];
  submit: boolean;
};

const isPlateField = (name: string): name is PlateField => PLATE_FIELDS.some((field) => field.name === name);

/**
 * Reads the plain box (rca-plate-form.tsx) just before it is replaced. A server message stays only on a box that
 * still holds what the server refused (typing clears a message, as on every form).
 */
export function plateFormStart(form: HTMLFormElement, shown: { plate: string; vin: string; errors: PlateEntryErrors }, submit: boolean): PlateFormStart {
  const valueOf = (name: PlateField) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  const values = { registration_plate: valueOf('registration_plate'), vin: valueOf('vin') };
  const sent = { registration_plate: shown.plate, vin: shown.vin };
  const errors: PlateEntryErrors = {};
  for (const name of PLATE_FIELDS.map((field) => field.name)) {
    if (shown.errors[name] && values[name] === sent[name]) errors[name] = shown.errors[name];
  }
  const active = form.ownerDocument.activeElement;
  const focus =
    active instanceof HTMLInputElement && active.form === form && isPlateField(active.name)
      ? { name: active.name, caret: active.selectionStart ?? active.value.length }
      : undefined;
  const left = PLATE_FIELDS.map((field) => field.name).filter((name) => values[name] !== sent[name] && name !== focus?.name);
  return { values, errors, focus, left, submit };
}

/**
 * The home plate box on the form layer: `useSchemaForm` with the plate-entry schema (loaded at the first edit),
 * values normalised as typed (upper case, no spaces or hyphens), a message per box when it is left or the form
 * sent, and a valid box opens `/rca/<PLATE>/<VIN>`. It takes over from the plain box with the same markup, the
 * caret where it was, and sends the form when that was what brought it in.
 */
export function RcaPlateFormLive({ start }: { start: PlateFormStart }) {
  const form = useSchemaForm<PlateEntryValues, { path: string }>({
    schema: loadPlateEntrySchema,
    defaultValues: () => ({ registration_plate: typedPlate(start.values.registration_plate), vin: typedVin(start.values.vin) }),
    normalise: NORMALISE,
  });
  const element = useRef<HTMLFormElement>(null);
  const started = useRef(false);
  const { setError, preload, trigger } = form;

  useLayoutEffect(() => {
    if (started.current || !element.current) return;
    started.current = true;
    for (const [name, message] of Object.entries(start.errors)) setError(name as PlateField, { type: 'server', message });
    if (start.focus) {
      const input = element.current.elements.namedItem(start.focus.name) as HTMLInputElement | null;
      const caret = NORMALISE[start.focus.name](start.values[start.focus.name].slice(0, start.focus.caret)).length;
      input?.focus();
      input?.setSelectionRange(caret, caret);
    }
    if (start.left.length > 0 && !start.submit) void trigger(start.left);
    preload();
  }, [start, setError, preload, trigger]);

  // A submit that brought the box in is sent again once it is in place (after the commit, not inside it).
  const submitted = useRef(false);
  useEffect(() => {
    if (!start.submit || submitted.current) return;
    submitted.current = true;
    element.current?.requestSubmit();
  }, [start]);

  const onSubmit = form.submit(({ path }) => {
    leaveTo(path);
    return 'redirecting';
  });

  return (
    <RcaPlateFormView
      form={{ ref: element, onSubmit }}
      fields={{ registration_plate: form.bind('registration_plate'), vin: form.bind('vin') }}
    />
  );
}
