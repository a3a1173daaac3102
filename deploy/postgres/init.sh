#!/bin/sh
# PostgreSQL's first start (compose.yaml, service `postgres`; docs/deploy.md): the official image runs this
# once, on an empty data volume, as its superuser, from /docker-entrypoint-initdb.d.
#
# - lotus_app owns the database lotus: the platform migrates it at start (tables, the ledger's functions,
#   pg-boss's schema) and needs nothing more. Not a superuser: the audit anchor below refuses one.
# - lotus_house owns the database lotus_house: the house vendor's rounds, apart from the platform's.
# - The operator audit chain's anchor (apps/server/sql/audit-anchor-setup.sql, docs/adr/0068): a table
#   lotus_app may read and append to but never change, owned by a role that cannot log in.
#
# The passwords come from the container's environment (compose.yaml, from deploy/.env). Runs with the
# entrypoint's `set -e` whether it is executed or sourced; psql stops at the first error.
set -e
: "${LOTUS_DB_PASSWORD:?LOTUS_DB_PASSWORD is not set}"
: "${LOTUS_HOUSE_DB_PASSWORD:?LOTUS_HOUSE_DB_PASSWORD is not set}"

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v app_password="$LOTUS_DB_PASSWORD" -v house_password="$LOTUS_HOUSE_DB_PASSWORD" <<'SQL'
create role lotus_app login password :'app_password';
create database lotus owner lotus_app;
revoke all on database lotus from public;
create role lotus_house login password :'house_password';
create database lotus_house owner lotus_house;
revoke all on database lotus_house from public;
SQL

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname lotus \
  -c "set lotus.audit_anchor_app_role = 'lotus_app'" \
  -f "${LOTUS_AUDIT_ANCHOR_SQL:-/lotus-sql/audit-anchor-setup.sql}"
