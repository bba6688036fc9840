/** A report in the customer's list: whose it is (null: the account holder's own) and when the sample was taken. */
export interface PersonsReport {
  patientName: string | null;
  at: string;
}

/**
 * The reports kept per person: the account holder's first, then each family member's, the one with
 * the newest report before the others; within each, newest first.
 */
export function groupByPerson<Report extends PersonsReport>(
  reports: readonly Report[],
): { patientName: string | null; reports: Report[] }[] {
  const newestFirst = [...reports].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  const groups = new Map<string | null, Report[]>();
  for (const report of newestFirst) groups.set(report.patientName, [...(groups.get(report.patientName) ?? []), report]);
  return [...groups.entries()]
    .map(([patientName, ofPerson]) => ({ patientName, reports: ofPerson }))
    .sort((a, b) => Number(a.patientName !== null) - Number(b.patientName !== null));
}
