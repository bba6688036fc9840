import { type Kysely, sql } from 'kysely';

// A lab's insurance networks and its NPHIES settings (issue #80 item 3, ADR 0094). A network row says the
// lab is in an insurer's network for every policy class (`all_classes`) or for the classes listed (kept
// upper-cased: "VIP", "A", …). Search's "covered by my insurance" reads them, so a change makes a new
// catalog version (0004) and no remembered answer outlives it.
//
// The NPHIES settings are once per lab: NPHIES licenses a provider once, with one client certificate,
// and names the payer in each message. The license number and endpoint are kept in the clear; the client
// certificate, its private key and the optional CA chain are one JSON document sealed as result values
// are (ADR 0021: AES-256-GCM under a data key of its own, wrapped by the results master key, which
// `npm run keys:rotate` re-wraps). Beside it, what the form shows without opening it: the certificate's
// subject, its end and SHA-256 fingerprint, and when the credentials were stored. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table lab_insurance_networks (
    lab_id uuid not null references labs(id) on delete cascade,
    insurer_id uuid not null references insurers(id),
    all_classes boolean not null,
    policy_classes text[] not null default '{}',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (lab_id, insurer_id),
    constraint lab_insurance_networks_classes check (
      (all_classes and cardinality(policy_classes) = 0) or (not all_classes and cardinality(policy_classes) between 1 and 20))
  )`.execute(db);
  await sql`create index lab_insurance_networks_insurer on lab_insurance_networks (insurer_id)`.execute(db);
  await sql`create trigger lab_insurance_networks_bump_catalog_version
    after insert or update or delete on lab_insurance_networks
    for each statement execute function bump_catalog_version()`.execute(db);

  await sql`create table lab_nphies_settings (
    lab_id uuid primary key references labs(id) on delete cascade,
    provider_license text not null check (length(provider_license) between 1 and 40),
    endpoint_url text not null check (length(endpoint_url) <= 300 and endpoint_url ~ '^https?://'),
    certificate_subject text not null check (length(certificate_subject) <= 500),
    certificate_not_after timestamptz not null,
    certificate_sha256 text not null check (certificate_sha256 ~ '^[0-9a-f]{64}$'),
    has_ca boolean not null,
    sealed_credentials bytea not null,
    seal_version smallint not null check (seal_version = 1),
    key_id text not null,
    wrapped_key bytea not null check (octet_length(wrapped_key) = 40),
    iv bytea not null check (octet_length(iv) = 12),
    credentials_added_at timestamptz not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index lab_nphies_settings_key on lab_nphies_settings (key_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table lab_nphies_settings`.execute(db);
  await sql`drop table lab_insurance_networks`.execute(db);
}
