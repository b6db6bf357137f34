#!/usr/bin/env bash
# Shared helpers for scripts/dev and scripts/test: install and run a private PostgreSQL cluster.
# Sourced, not executed. Debian's PostgreSQL 15 refuses to run as root, so as root every server
# command runs as the `postgres` system user, which owns the cluster's data directory.

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"

ensure_packages() {
  local missing=()
  local package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if ((${#missing[@]})); then
    echo "Installing missing packages: ${missing[*]}" >&2
    local sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    "${sudo[@]}" apt-get update
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-upgrade "${missing[@]}"
  fi
}

ensure_postgres_installed() {
  [[ -x "$PG_BIN/initdb" ]] || ensure_packages postgresql
}

# Runs a PostgreSQL server command as the cluster's owner (from /, which that user can always enter;
# every path handed to it is absolute).
as_cluster_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

port_is_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

pick_free_port() {
  local port
  for _ in $(seq 1 200); do
    port=$((20000 + RANDOM % 40000))
    if port_is_free "$port"; then
      echo "$port"
      return 0
    fi
  done
  echo "no free TCP port found" >&2
  return 1
}

# init_cluster DIR AUTH [PASSWORD_FILE]: creates a cluster in DIR (owned by the server user).
init_cluster() {
  local dir=$1 auth=$2 pwfile=${3:-}
  mkdir -p "$dir"
  [[ $(id -u) -eq 0 ]] && chown postgres:postgres "$dir"
  chmod 700 "$dir"
  local args=(-D "$dir" -U postgres --auth="$auth" --encoding=UTF8 --locale=C.UTF-8)
  [[ -n "$pwfile" ]] && args+=(--pwfile="$pwfile")
  as_cluster_owner "$PG_BIN/initdb" "${args[@]}" >/dev/null
}

# start_cluster DIR PORT: starts the server listening on 127.0.0.1:PORT only, and waits until ready.
start_cluster() {
  local dir=$1 port=$2
  as_cluster_owner "$PG_BIN/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=${PG_FSYNC:-on}" start >/dev/null
}

cluster_is_running() {
  as_cluster_owner "$PG_BIN/pg_ctl" -D "$1" status >/dev/null 2>&1
}

stop_cluster() {
  as_cluster_owner "$PG_BIN/pg_ctl" -D "$1" -m fast -w stop >/dev/null 2>&1 || true
}
