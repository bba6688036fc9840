-- Catalog version (ADR 0005, 0015): one number that changes with anything a search result or a bookable
-- offering shows, so answers remembered under it are never stale, on any server. The current definition:
-- src/server/db/migrate.ts runs this file after the numbered migrations on every start, so a changed body
-- takes effect then; a changed argument list or return type needs a numbered migration that drops the old
-- function first.
--
-- bump_catalog_version() decides that every change to tests, labs, lab_tests, user_profiles (approvals)
-- or lab_working_hours makes a new version, announced on the `catalog_changed` channel. No service calls
-- it: statement triggers do, and they stay in the migrations that made them (0004, 0013). The version is
-- read and followed by src/server/platform/catalog-version.ts, for the search and booking services.
create or replace function bump_catalog_version() returns trigger language plpgsql as $$
    declare
      next_version bigint;
    begin
      update catalog_version set version = version + 1 where id = 1 returning version into next_version;
      perform pg_notify('catalog_changed', next_version::text);
      return null;
    end
  $$;
