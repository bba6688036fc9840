import { type Kysely, sql } from 'kysely';

// Claims after the visit (issue #80 item 5, ADR 0100). A booking whose insurer pays part of it
// (bookings.insurer_share_halalas, with the coverage answer it relied on) is claimed once its results are
// final: the claim is made with its own message id and sent through the lab's NPHIES identity by a round
// (pending until NPHIES answers; a timeout is tried again later). Its status is NPHIES's answer, its
// reasons NPHIES's adjudication codes. A corrected claim is a new row naming the one it replaces (sent as
// Claim.related). The exchange itself (request and answer) is sealed in nphies_exchanges. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table insurance_claims (
    id uuid primary key default gen_random_uuid(),
    booking_id uuid not null references bookings(id) on delete cascade,
    lab_id uuid not null references labs(id) on delete cascade,
    message_id text not null unique check (message_id ~ '^[0-9a-f-]{36}$'),
    replaces_claim_id uuid unique references insurance_claims(id) on delete cascade,
    diagnosis_code text not null check (diagnosis_code ~ '^[A-Z][0-9]{2}(\\.[0-9A-Z]{1,4})?$'),
    status text not null default 'pending'
      check (status in ('pending', 'queued', 'accepted', 'partly-accepted', 'rejected', 'paid', 'failed')),
    problem text check (problem is null or status = 'failed'),
    reasons jsonb not null default '[]',
    benefit_halalas integer check (benefit_halalas >= 0),
    attempts integer not null default 0 check (attempts >= 0),
    next_try_at timestamptz not null default now(),
    created_at timestamptz not null default now(),
    answered_at timestamptz
  )`.execute(db);
  // One first claim per booking; each correction replaces one claim (the unique replaces_claim_id).
  await sql`create unique index insurance_claims_first on insurance_claims (booking_id) where replaces_claim_id is null`.execute(db);
  await sql`create index insurance_claims_lab on insurance_claims (lab_id, created_at desc)`.execute(db);
  await sql`create index insurance_claims_due on insurance_claims (next_try_at) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table insurance_claims`.execute(db);
}
