#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL cluster on 127.0.0.1 for Agora's tests on PostgreSQL.
# The cluster, its socket and its log live under <dir>.
#
#   tests/postgres/server.sh start <dir>   create and start; writes <dir>/env to source
#   tests/postgres/server.sh stop <dir>    stop the server (the directory is left for inspection)
#
# It installs nothing: Debian's `postgresql` (15) must be present. As root, the cluster runs as
# the `postgres` user the package creates (PostgreSQL refuses to run as root). The port is
# AGORA_POSTGRES_PORT (default 25432). The role `agora` (password `agora`) owns the database
# `agora` and may create more, so a test can take a database of its own.
set -euo pipefail

cmd=${1:-}
dir=${2:-}
if [[ -z $cmd || -z $dir ]]; then
  echo "usage: $0 start|stop <dir>" >&2
  exit 2
fi

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
port=${AGORA_POSTGRES_PORT:-25432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [[ -z $bin ]]; then
  echo "no PostgreSQL server: apt-get install -y postgresql" >&2
  exit 1
fi

# Runs a server tool as the cluster's owner, from `/` (the caller's directory may be closed to
# that user).
as_owner() {
  if [[ $(id -u) == 0 ]]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

stop() {
  if [[ -f $dir/data/postmaster.pid ]]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
  fi
}

start() {
  if [[ $(id -u) == 0 ]]; then
    chown postgres: "$dir"
    # The cluster's owner must reach its directory through every parent (mktemp's are 0700).
    chmod o+x "$dir" "$(dirname "$dir")"
  fi
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
    >"$dir/initdb.log"
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
  as_owner "$bin/psql" -h "$dir" -p "$port" -U postgres -d postgres -q -v ON_ERROR_STOP=1 <<SQL
CREATE ROLE agora LOGIN CREATEDB PASSWORD 'agora';
CREATE DATABASE agora OWNER agora;
SQL
  cat >"$dir/env" <<ENV
export AGORA_TEST_POSTGRES_URL=postgres://agora:agora@127.0.0.1:$port/agora
ENV
  echo "PostgreSQL on 127.0.0.1:$port; source $dir/env"
}

case $cmd in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop <dir>" >&2
    exit 2
    ;;
esac
