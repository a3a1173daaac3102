-- The operator audit chain's anchor on PostgreSQL (docs/adr/0068): the table audit_anchor.exported_heads,
-- where the server appends the chain head every 5 minutes. It belongs to a NOLOGIN role; the application
-- role may read it and add rows, nothing else: no UPDATE, DELETE or TRUNCATE, and, not being its owner, it
-- can neither alter nor drop the table, its trigger or its schema. Deleting the newest audit rows then
-- needs a second role, and `npm run ops -- audit verify` reports it.
--
-- Run once per database, as a superuser (or a role with CREATEROLE and CREATE on the database), never as
-- the application role: the application never creates roles itself. Running it again changes nothing.
--
--   psql "postgres://postgres@db-host/lotus" \
--     -c "set lotus.audit_anchor_app_role = 'lotus_app'" \
--     -f apps/server/sql/audit-anchor-setup.sql
--
-- It reads two session settings (psql's own variables do not reach inside the DO block below):
--   lotus.audit_anchor_app_role   the application's role, the one in DATABASE_URL (required, must exist)
--   lotus.audit_anchor_owner      the NOLOGIN owner role, created when missing (default lotus_audit_anchor)
-- The server picks the table at start: restart it afterwards. Its start log and `audit verify` name the
-- anchor in use.

do $setup$
declare
  app_role text := nullif(current_setting('lotus.audit_anchor_app_role', true), '');
  owner_role text := coalesce(nullif(current_setting('lotus.audit_anchor_owner', true), ''), 'lotus_audit_anchor');
begin
  if app_role is null then
    raise exception 'set lotus.audit_anchor_app_role to the application''s role before running this file';
  end if;
  if not exists (select from pg_roles where rolname = app_role) then
    raise exception 'the application role % does not exist', app_role;
  end if;
  if app_role = owner_role then
    raise exception 'the anchor''s owner must be another role than the application role %', app_role;
  end if;
  if (select rolsuper from pg_roles where rolname = app_role) then
    raise exception 'the application role % is a superuser: it could rewrite any anchor; give the application a role without SUPERUSER', app_role;
  end if;

  if not exists (select from pg_roles where rolname = owner_role) then
    execute format('create role %I nologin', owner_role);
  end if;
  execute format('alter role %I nologin', owner_role);
  -- A member of the owner role could act as the owner.
  if pg_has_role(app_role, owner_role, 'MEMBER') then
    raise exception 'the application role % is a member of the anchor''s owner %: revoke that membership first', app_role, owner_role;
  end if;

  execute format('create schema if not exists audit_anchor authorization %I', owner_role);
  execute format('alter schema audit_anchor owner to %I', owner_role);
  revoke all on schema audit_anchor from public;

  -- One row per export: the head's seq and hash, when it was exported, and its MAC under the audit key
  -- (HMAC of "lotus:ops-audit-anchor:<seq>:<hash>:<at>"), so a row added by someone without the key is seen.
  create table if not exists audit_anchor.exported_heads (
    id bigint generated always as identity primary key,
    seq integer not null check (seq > 0),
    hash text not null check (hash ~ '^[0-9a-f]{64}$'),
    at timestamptz not null,
    mac text not null check (mac ~ '^[0-9a-f]{64}$'),
    recorded_at timestamptz not null default now()
  );
  execute format('alter table audit_anchor.exported_heads owner to %I', owner_role);

  -- Append-only even for a role that is granted more by mistake later: only the owner can disable this.
  create or replace function audit_anchor.refuse_change() returns trigger language plpgsql as $fn$
  begin
    raise exception 'audit_anchor.exported_heads is append-only (% refused)', tg_op using errcode = '42501';
  end
  $fn$;
  execute format('alter function audit_anchor.refuse_change() owner to %I', owner_role);
  revoke all on function audit_anchor.refuse_change() from public;
  drop trigger if exists exported_heads_no_change on audit_anchor.exported_heads;
  create trigger exported_heads_no_change before update or delete on audit_anchor.exported_heads
    for each row execute function audit_anchor.refuse_change();
  drop trigger if exists exported_heads_no_truncate on audit_anchor.exported_heads;
  create trigger exported_heads_no_truncate before truncate on audit_anchor.exported_heads
    for each statement execute function audit_anchor.refuse_change();

  -- The application role: read and append, nothing more (rights granted earlier by hand are taken back).
  revoke all on table audit_anchor.exported_heads from public;
  execute format('revoke all on table audit_anchor.exported_heads from %I', app_role);
  execute format('grant usage on schema audit_anchor to %I', app_role);
  execute format('grant select, insert on table audit_anchor.exported_heads to %I', app_role);
  -- The id's identity sequence: nextval for an INSERT needs no right on it, and none is given.
  execute format('revoke all on sequence audit_anchor.exported_heads_id_seq from %I', app_role);
end
$setup$;
