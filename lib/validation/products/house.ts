import { z } from 'zod';
import { bucharestToday, choiceField, dayField, dayWindow, displayDay, intField, requiredText } from './common';

/** House quote input (backend README "Quote inputs", `house-insurance`): PAD first, voluntary cover optional. */
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

const voluntarySchema = z.object({
  building_sum_lei: intField(10000, 5_000_000, houseMessages.building),
  contents_sum_lei: intField(0, 1_000_000, houseMessages.contents),
  options: z.object({ theft: z.boolean(), liability: z.boolean(), pipes: z.boolean(), electrical: z.boolean() }),
  instalments: choiceField(INSTALMENTS, houseMessages.instalments).transform((v) => Number(v) as 1 | 2 | 4),
});

export function houseStartWindow(now: Date = new Date()) {
  return dayWindow(now, 1, 30);
}

export function houseInputSchema(now: Date = new Date()) {
  const maxYear = Number(bucharestToday(now).slice(0, 4));
  const window = houseStartWindow(now);
  return z.object({
    start_date: dayField(houseMessages.startRequired).refine(
      (d) => d >= window.min && d <= window.max,
      houseMessages.start(window.min, window.max),
    ),
    address: z.object({
      county: requiredText(houseMessages.county, 60),
      town: requiredText(houseMessages.town, 100),
      street: requiredText(houseMessages.street, 150),
    }),
    environment: choiceField(ENVIRONMENTS, houseMessages.environment),
    structure: choiceField(STRUCTURES, houseMessages.structure),
    year_built: intField(1850, maxYear, houseMessages.year(maxYear)),
    area_sqm: intField(10, 2000, houseMessages.area),
    rooms: intField(1, 30, houseMessages.rooms),
    floors: intField(1, 60, houseMessages.floors),
    voluntary: z
      .object({
        enabled: z.boolean(),
        building_sum_lei: z.string(),
        contents_sum_lei: z.string(),
        options: z.object({ theft: z.boolean(), liability: z.boolean(), pipes: z.boolean(), electrical: z.boolean() }),
        instalments: z.string(),
      })
      .transform((v, ctx) => {
        if (!v.enabled) return null;
        const result = voluntarySchema.safeParse(v);
        if (!result.success) {
          for (const issue of result.error.issues) {
            ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
          }
          return z.NEVER;
        }
        return result.data;
      }),
  });
}

export type HouseInput = z.output<ReturnType<typeof houseInputSchema>>;

export type HouseFormValues = {
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

export function emptyHouseForm(now: Date = new Date()): HouseFormValues {
  return {
    start_date: houseStartWindow(now).min,
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
  };
}
