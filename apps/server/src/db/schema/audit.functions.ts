/**
 * Makes ops_audit_log append-only in the database itself: a trigger refuses UPDATE and DELETE of
 * rows and TRUNCATE of the table, whoever connects (run at start after the migrations; idempotent).
 */
export const APPEND_ONLY_AUDIT_SQL = [
  `create or replace function ops_audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ops_audit_log is append-only (% refused)', tg_op using errcode = 'insufficient_privilege';
end
$$`,
  `create or replace trigger ops_audit_log_no_change before update or delete on ops_audit_log
  for each row execute function ops_audit_log_append_only()`,
  `create or replace trigger ops_audit_log_no_truncate before truncate on ops_audit_log
  for each statement execute function ops_audit_log_append_only()`,
];
