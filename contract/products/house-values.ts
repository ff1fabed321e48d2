import { latestStartDay, NO_RENEWAL, type RenewalFormFields } from '../renewal';
import { dayWindow, displayDay } from './common-values';

/**
 * House quote input (backend README "Quote inputs", `house-insurance`): PAD first, voluntary cover optional.
 * The zod-free part (choices, messages, the form's shape and its empty values); the schema is in house.ts,
 * loaded on the first blur or submit.
 */
export const ENVIRONMENTS = ['urban', 'rural'] as const;
export const STRUCTURES = ['A', 'B'] as const;
export const INSTALMENTS = ['1', '2', '4'] as const;

export const houseMessages = {
  county: 'Alegeți județul.',
  town: 'Introduceți localitatea.',
  street: 'Introduceți strada și numărul.',
  environment: 'Alegeți mediul (urban sau rural).',
  structure: 'Alegeți tipul structurii.',
  year: (max: number) => `Anul construcției este între 1850 și ${max}.`,
  area: 'Suprafața este între 10 și 2.000 m².',
  rooms: 'Numărul de camere este între 1 și 30.',
  floors: 'Numărul de etaje este între 1 și 60.',
  building: 'Suma asigurată pentru clădire este între 10.000 și 5.000.000 lei.',
  contents: 'Suma asigurată pentru bunuri este între 0 și 1.000.000 lei.',
  instalments: 'Alegeți numărul de rate.',
  startRequired: 'Alegeți data de început.',
  start: (min: string, max: string) => `Data de început este între ${displayDay(min)} și ${displayDay(max)}.`,
} as const;

/**
 * Allowed start days, from `today` (the Bucharest day, `YYYY-MM-DD`): tomorrow … +30 days, and for a renewal up to
 * the day after the renewed policy ends (a renewal at most 30 days before the old policy ends).
 */
export function houseStartWindow(today: string, renewedEndsOn: string | null = null) {
  const window = dayWindow(today, 1, 30);
  const latest = renewedEndsOn ? latestStartDay(today, renewedEndsOn, 30) : null;
  return latest && latest > window.max ? { min: window.min, max: latest } : window;
}

export type HouseFormValues = RenewalFormFields & {
  start_date: string;
  address: { county: string; town: string; street: string };
  environment: string;
  structure: string;
  year_built: string;
  area_sqm: string;
  rooms: string;
  floors: string;
  voluntary: {
    enabled: boolean;
    building_sum_lei: string;
    contents_sum_lei: string;
    options: { theft: boolean; liability: boolean; pipes: boolean; electrical: boolean };
    instalments: string;
  };
};

export function emptyHouseForm(today: string): HouseFormValues {
  return {
    start_date: houseStartWindow(today).min,
    address: { county: '', town: '', street: '' },
    environment: 'urban',
    structure: 'A',
    year_built: '',
    area_sqm: '',
    rooms: '',
    floors: '1',
    voluntary: {
      enabled: false,
      building_sum_lei: '',
      contents_sum_lei: '',
      options: { theft: false, liability: false, pipes: false, electrical: false },
      instalments: '1',
    },
    ...NO_RENEWAL,
  };
}
