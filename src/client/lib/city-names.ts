import { type CityKey, cities } from '../../shared/cities.ts';
import type { Locale } from '../../shared/locale.ts';

export function cityName(city: string | null | undefined, locale: Locale): string {
  if (!city || !(city in cities)) return '';
  return cities[city as CityKey][locale];
}
