const hijriMonth = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', { month: 'numeric', timeZone: 'UTC' });

/** Whether a calendar date falls in Ramadan, by the Umm al-Qura calendar (not typed in each year). */
export function inRamadan(date: string): boolean {
  return hijriMonth.format(new Date(`${date}T12:00:00Z`)) === '9';
}

/** A lab's hours of its own in Ramadan: both times, or neither (it keeps its weekly hours). */
export interface RamadanHoursSettings {
  ramadan_opens_at: string | null;
  ramadan_closes_at: string | null;
}

/**
 * A lab's hours on a date of its calendar: none on a weekday it does not open; on one it opens, its
 * Ramadan hours when the date is in Ramadan and it has set them, else that weekday's hours.
 */
export function hoursOn<Hours extends { opens_at: string; closes_at: string }>(
  lab: RamadanHoursSettings,
  weekdayHours: Hours | undefined,
  date: string,
): { opens_at: string; closes_at: string } | undefined {
  if (!weekdayHours) return undefined;
  if (lab.ramadan_opens_at !== null && lab.ramadan_closes_at !== null && inRamadan(date)) {
    return { opens_at: lab.ramadan_opens_at, closes_at: lab.ramadan_closes_at };
  }
  return weekdayHours;
}
