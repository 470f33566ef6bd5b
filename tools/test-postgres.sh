#!/usr/bin/env bash
# A PostgreSQL for the server's tests (make test runs this): Debian's postgresql, started,
# with a role and a database civtable_test. Prints nothing when all is there already;
# when it cannot (no apt, not root), says so and the Postgres tests are skipped.
set -u
command -v pg_lsclusters >/dev/null 2>&1 || {
  [ "$(id -u)" = 0 ] && (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) \
    || { echo "postgresql could not be installed: the Postgres tests will be skipped"; exit 0; }
}
cluster=$(pg_lsclusters --no-header 2>/dev/null | head -n 1)
[ -n "$cluster" ] || { echo "no PostgreSQL cluster: the Postgres tests will be skipped"; exit 0; }
set -- $cluster
[ "$4" = online ] || pg_ctlcluster "$1" "$2" start || { echo "PostgreSQL did not start: the Postgres tests will be skipped"; exit 0; }
run() { su postgres -c "psql -qtA -c \"$1\"" 2>/dev/null; }
[ "$(run "select 1 from pg_roles where rolname = 'civtable'")" = 1 ] || run "create role civtable login password 'civtable'" >/dev/null
[ "$(run "select 1 from pg_database where datname = 'civtable_test'")" = 1 ] || run "create database civtable_test owner civtable" >/dev/null
exit 0
