'use client';

import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { PlateEntryErrors } from '@/lib/validation/plate-entry';
import { RcaPlateFormView } from './rca-plate-form-view';

type LiveModule = typeof import('./rca-plate-form-live');
type Live = { Form: LiveModule['RcaPlateFormLive']; start: ReturnType<LiveModule['plateFormStart']> };

/** The box's form layer (react-hook-form and its rules) loads on the first focus, keystroke or submit, not with the page. */
let liveModule: Promise<LiveModule> | null = null;
function loadLive(): Promise<LiveModule> {
  liveModule ??= import('./rca-plate-form-live').catch((error: unknown) => {
    liveModule = null;
    throw error;
  });
  return liveModule;
}

/**
 * The home page's RCA entry (issue 18): plate and optional VIN → `/rca/<PLATE>/<VIN>`, the quote prefilled.
 * A plain GET form first: without JavaScript the RCA page turns `?registration_plate=…&vin=…` into that address,
 * or sends the visitor back here with the error (`plate`, `vin`, `errors` come from the server then). With
 * JavaScript the first focus or keystroke brings in the box on the form layer (rca-plate-form-live.tsx), which
 * takes over with what was typed and the caret where it was; a submit before that waits for it, and if it cannot
 * load (offline, a new deploy) the plain form goes to the RCA page, which checks it.
 */
export function RcaPlateForm({ plate = '', vin = '', errors = {} }: { plate?: string; vin?: string; errors?: PlateEntryErrors }) {
  const [live, setLive] = useState<Live | null>(null);
  const submitted = useRef(false);
  if (live) return <live.Form start={live.start} />;

  // Whichever of a focus and a submit gets the module first swaps the box, in one synchronous render so that no
  // keystroke falls between reading the plain box and showing the live one.
  const takeOver = (form: HTMLFormElement) =>
    loadLive().then((module) => {
      if (!form.isConnected) return;
      const start = module.plateFormStart(form, { plate, vin, errors }, submitted.current);
      flushSync(() => setLive({ Form: module.RcaPlateFormLive, start }));
    });

  return (
    <RcaPlateFormView
      form={{
        onFocus: (event) => void takeOver(event.currentTarget).catch(() => undefined),
        // A box focused before the page's script ran gets no focus event: its first keystroke brings the layer.
        onInput: (event) => void takeOver(event.currentTarget).catch(() => undefined),
        onSubmit: (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          submitted.current = true;
          takeOver(form).catch(() => form.submit());
        },
      }}
      fields={{
        registration_plate: { name: 'registration_plate', defaultValue: plate, error: errors.registration_plate },
        vin: { name: 'vin', defaultValue: vin, error: errors.vin },
      }}
    />
  );
}
