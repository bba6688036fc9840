import { type Kysely, sql } from 'kysely';

// A visit with results happened (issue #77 item 2): releasing results now completes the visit, and a
// no-show is refused once any result exists. Visits recorded before that rule are mended here: a
// no-show that has any result (a file, or a report's version), and a confirmed visit past its start
// whose results were given to the patient (a file, or a released version), become completed, at the
// time the first of those results was written. It has no `down`: the old states were contradictions. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update bookings b
       set status = 'completed',
           completed_at = coalesce(
             least((select min(f.created_at) from result_files f where f.booking_id = b.id),
                   (select min(coalesce(v.released_at, v.written_at)) from result_reports r
                      join result_report_versions v on v.report_id = r.id where r.booking_id = b.id)),
             now())
     where b.booking_time <= now()
       and ((b.status = 'no_show'
             and (exists (select 1 from result_files f where f.booking_id = b.id)
                  or exists (select 1 from result_reports r join result_report_versions v on v.report_id = r.id
                              where r.booking_id = b.id)))
         or (b.status = 'confirmed'
             and (exists (select 1 from result_files f where f.booking_id = b.id)
                  or exists (select 1 from result_reports r join result_report_versions v on v.report_id = r.id
                              where r.booking_id = b.id and v.status <> 'draft'))))`.execute(db);
}
