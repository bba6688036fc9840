import { type Kysely, sql } from 'kysely';

// A checkout's plan amounts are written as it is claimed (issue #25): claim_checkout takes them
// (p_pricing), one statement and one commit fewer for every booking, so its ten-argument form goes
// (booking.sql's rule) and booking.sql defines the new one, applied after the migrations.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists claim_checkout(uuid, text, integer, integer, text, jsonb, timestamptz, timestamptz, timestamptz, text)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists claim_checkout(uuid, text, integer, integer, text, jsonb, timestamptz, timestamptz, timestamptz, text, jsonb)`.execute(
    db,
  );
}
