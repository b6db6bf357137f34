# Compile-time-checked SQL: helpers for scripts/sqlx-prepare and scripts/test. Source after postgres.sh.

# migrated_database BASE_URL NAME: creates database NAME beside BASE_URL's, applies migrations/ in
# order (as sqlx's migrator does: each file in one go) and prints its URL.
migrated_database() {
  local base_url=$1 name=$2
  local url="${base_url%/*}/$name"
  psql -q -v ON_ERROR_STOP=1 "$base_url" -c "drop database if exists $name" -c "create database $name" >/dev/null
  local migration
  for migration in migrations/*.sql; do
    psql -q -v ON_ERROR_STOP=1 "$url" -f "$migration" >/dev/null
  done
  echo "$url"
}

# describe_queries URL DIR CARGO_ARGS...: runs cargo with the query macros checking every query against
# the database at URL and writing one description per query into DIR. The crates holding queries are
# touched first: the macros only run when their crate compiles.
describe_queries() {
  local url=$1 dir=$2
  shift 2
  mkdir -p "$dir"
  touch crates/server/src/lib.rs
  SQLX_OFFLINE=false SQLX_OFFLINE_DIR="$dir" DATABASE_URL="$url" cargo "$@"
}
