import { searchNumber } from '../../lib/plain-checks.ts';

/**
 * The person's place an address gives (`lat` and `lon`, both or neither), read as the search page reads
 * them. Apart from place.tsx: the routes' search validation is in the entry every page loads.
 */
export function placeParams(search: Record<string, unknown>): { lat?: number; lon?: number } {
  const lat = searchNumber(search.lat, -90, 90);
  const lon = searchNumber(search.lon, -180, 180);
  return lat !== undefined && lon !== undefined ? { lat, lon } : {};
}
