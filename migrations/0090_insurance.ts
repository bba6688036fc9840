import { type Kysely, sql } from 'kysely';

// Health insurance (issue #80 item 1, ADR 0094). The insurers are a list the admin keeps, each with its
// NPHIES payer id (what a message to NPHIES names the insurer by). A person's insurance — the account holder's
// (`family_member_id` null) or a family member's — names the insurer, the member id on the card, the policy's
// class and network, and when it ends; one policy a person. The card's photo is sealed as result files are
// (ADR 0021): the blob store holds only sealed bytes, the row its seal. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table insurers (
    id uuid primary key default gen_random_uuid(),
    nphies_payer_id text not null unique check (nphies_payer_id ~ '^[A-Za-z0-9._-]{2,40}$'),
    name_en text not null check (length(name_en) between 1 and 100),
    name_ar text not null check (length(name_ar) between 1 and 100),
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table person_insurance (
    id uuid primary key default gen_random_uuid(),
    account_id uuid not null references users(id) on delete cascade,
    family_member_id uuid references family_members(id) on delete cascade,
    insurer_id uuid not null references insurers(id),
    member_id text not null check (length(member_id) between 1 and 40),
    policy_class text not null check (length(policy_class) between 1 and 40),
    network text check (length(network) between 1 and 60),
    expires_on date not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index person_insurance_one_a_person
    on person_insurance (account_id, coalesce(family_member_id, '00000000-0000-0000-0000-000000000000'::uuid))`.execute(db);
  await sql`create index person_insurance_family_member on person_insurance (family_member_id) where family_member_id is not null`.execute(
    db,
  );
  await sql`create index person_insurance_insurer on person_insurance (insurer_id)`.execute(db);
  // The card's photo, a row of its own in result_files' shape (ADR 0021), so that rotating the master key
  // walks it as it walks the files.
  await sql`create table insurance_card_photos (
    id uuid primary key references person_insurance(id) on delete cascade,
    storage_key text not null unique,
    content_type text not null check (content_type in ('application/pdf', 'image/jpeg', 'image/png')),
    size_bytes integer not null check (size_bytes > 0),
    sha256 text not null,
    seal_version smallint not null check (seal_version = 1),
    key_id text not null,
    wrapped_key bytea not null check (octet_length(wrapped_key) = 40),
    iv bytea not null check (octet_length(iv) = 12),
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table insurance_card_photos`.execute(db);
  await sql`drop table person_insurance`.execute(db);
  await sql`drop table insurers`.execute(db);
}
