/**
 * Home sample collection (ADR 0036): the rules both sides apply. The server decides; the client uses
 * the same functions to show the same answer before it asks.
 */

/** How long one collection window lasts, as a lab may choose it. */
export const HOME_WINDOW_MINUTES_CHOICES = [60, 90, 120, 180, 240] as const;
export const HOME_RADIUS_KM_MAX = 100;
export const HOME_WINDOW_CAPACITY_MAX = 50;
/** The highest home-visit fee a lab may ask, in riyals. */
export const HOME_FEE_MAX = 1000;

/**
 * A window's round (ADR 0071): the collector stays this long at each home, and moves between two homes at
 * this speed along the straight line between them (city driving, the road's detours included), also from the last
 * home of one window to the first of the next (ADR 0076).
 */
export const HOME_VISIT_MINUTES = 15;
export const HOME_TRAVEL_KMH = 30;

/**
 * The window rule: on a day the lab opens, home collection windows start at its home collection start
 * and every `windowMinutes` after it, each ending by its end. In minutes after midnight on the lab's clock.
 */
export function homeWindowMinutesOfDay(opensMinute: number, closesMinute: number, windowMinutes: number): number[] {
  const minutes: number[] = [];
  for (let minute = opensMinute; minute + windowMinutes <= closesMinute; minute += windowMinutes) minutes.push(minute);
  return minutes;
}

/**
 * The great-circle distance between two points, in metres, on the sphere PostgreSQL's earthdistance
 * uses (radius 6,378,168 m, its earth()), so that the radius the search filters by and the one a booking
 * is checked against agree to the metre.
 */
export function distanceMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const EARTH_RADIUS_METERS = 6_378_168;
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a home lies within the lab's service radius. A lab without a position on the map reaches nobody. */
export function withinHomeRadius(
  lab: { latitude: number | null; longitude: number | null; home_radius_km: number },
  home: { latitude: number; longitude: number },
): boolean {
  if (lab.latitude === null || lab.longitude === null) return false;
  return distanceMeters({ latitude: lab.latitude, longitude: lab.longitude }, home) <= lab.home_radius_km * 1000;
}

/**
 * One visit per lab and window: the tests a household books at the same lab for the same window are
 * taken in one visit, and its fee is charged once. Returns, for each item, the fee it carries (the
 * first item of each visit carries it, the others nothing), in halalas.
 */
export function homeVisitFees<T extends { labId: string; startsAt: string; feeHalalas: number } | null>(items: T[]): number[] {
  const seen = new Set<string>();
  return items.map((item) => {
    if (!item) return 0;
    const visit = `${item.labId}|${new Date(item.startsAt).toISOString()}`;
    if (seen.has(visit)) return 0;
    seen.add(visit);
    return item.feeHalalas;
  });
}
