/*
 * The one list of Romanian counties (and Bucharest) for every address: checkout, profile, house quotes, and the
 * reference backend's validation of the same fields. No imports: the backend loads this file too.
 */

/** Romanian counties and Bucharest, for address selects. */
export const ROMANIAN_COUNTIES = [
  'Alba', 'Arad', 'Argeș', 'Bacău', 'Bihor', 'Bistrița-Năsăud', 'Botoșani', 'Brașov', 'Brăila', 'București',
  'Buzău', 'Caraș-Severin', 'Călărași', 'Cluj', 'Constanța', 'Covasna', 'Dâmbovița', 'Dolj', 'Galați', 'Giurgiu',
  'Gorj', 'Harghita', 'Hunedoara', 'Ialomița', 'Iași', 'Ilfov', 'Maramureș', 'Mehedinți', 'Mureș', 'Neamț', 'Olt',
  'Prahova', 'Satu Mare', 'Sălaj', 'Sibiu', 'Suceava', 'Teleorman', 'Timiș', 'Tulcea', 'Vaslui', 'Vâlcea', 'Vrancea',
] as const;

export function isRomanianCounty(value: string): boolean {
  return (ROMANIAN_COUNTIES as readonly string[]).includes(value);
}
