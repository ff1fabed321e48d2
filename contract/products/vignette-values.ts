import { startDateWindow, type VignetteTariff } from '../vignette-rules';
import { displayDay } from './common-values';

/**
 * Road vignette quote input (backend README "Quote inputs", `ro-vignette` / `hu-vignette`). The zod-free part
 * (the form's shape, its first values and the messages); the schema is in vignette.ts, loaded on the first blur
 * or submit. Categories, validities, counties and countries are the product's data (lib/vignettes/catalog.ts).
 */
export type VignetteKind = 'ro' | 'hu';

export type VignetteFormValues = {
  category: string;
  registration_plate: string;
  country: string;
  /** Rovinietă only, optional. */
  vin: string;
  start_date: string;
  validity: string;
  /** E-matrica county passes only: county codes of the tariff. */
  counties: string[];
};

export const vignetteMessages = {
  category: 'Alegeți categoria vehiculului.',
  country: 'Alegeți țara de înmatriculare.',
  foreignPlate: 'Numărul de înmatriculare are între 2 și 12 litere și cifre.',
  startRequired: 'Alegeți data de început.',
  start: (min: string, max: string) => `Data de început este între ${displayDay(min)} și ${displayDay(max)}.`,
  validity: 'Alegeți perioada de valabilitate.',
  validityForCategory: (category: string) => `Perioada aleasă nu există pentru categoria ${category}.`,
  counties: 'Alegeți cel puțin un județ.',
  countiesFromList: 'Alegeți județele din listă.',
} as const;

export function emptyVignetteForm(today: string, tariff: Pick<VignetteTariff, 'start_date'> | null): VignetteFormValues {
  return {
    category: '',
    registration_plate: '',
    country: 'RO',
    vin: '',
    start_date: tariff ? startDateWindow(today, tariff.start_date).min : today,
    validity: '',
    counties: [],
  };
}
