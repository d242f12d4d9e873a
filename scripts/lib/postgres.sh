# Starts and stops a throw-away PostgreSQL cluster for tests, benchmarks and scripts/cluster.
# Source it (bash), then:
#
#   postgres_start            # initdb + start under a new temporary directory; exports the variables below
#   "$POSTGRES_CTL" stop      # stop the server, keeping its data (a test of "the database is down")
#   "$POSTGRES_CTL" start     # start it again on the same port
#   postgres_stop             # stop the server and delete the directory (idempotent; use it in a trap)
#
# Exported by postgres_start:
#   POSTGRES_URL    postgres://octoreact:PASSWORD@127.0.0.1:PORT/octoreact (the role may create databases)
#   POSTGRES_PORT   the loopback TCP port, a free one
#   POSTGRES_DIR    the temporary directory: data/, socket/ (the unix socket), server.log, ctl
#   POSTGRES_CTL    a script taking stop|start|status, run as the right user
#
# Debian's `postgresql` package provides the binaries (/usr/lib/postgresql/VERSION/bin, the newest
# version found); as root with apt-get it is installed when missing, otherwise this says what to
# install and exits 1. PostgreSQL refuses to run as root, so as root every server command runs as the
# `postgres` user (runuser), which owns the directory; as another user, they run as that user.
#
# The server listens on 127.0.0.1 only, plus a unix socket inside the directory (mode 0700, where
# the superuser `postgres` connects without a password to set up). Over TCP every role needs its
# password (scram-sha-256). The password is random per cluster.

# The newest PostgreSQL bin directory Debian installed, or nothing.
postgres_find_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
    echo "$dir"
  fi
}

# Runs a command as the cluster's owner: `postgres` when we are root, ourselves otherwise.
postgres_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# A free TCP port on 127.0.0.1 (asks the kernel for one; the server's start is retried if it is taken meanwhile).
postgres_free_port() {
  if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
  else
    echo $((20000 + RANDOM % 30000))
  fi
}

postgres_start() {
  if [ -n "${POSTGRES_DIR:-}" ] && [ -d "$POSTGRES_DIR" ]; then
    echo "postgres.sh: a cluster is already running in $POSTGRES_DIR" >&2
    return 1
  fi
  local bin
  bin=$(postgres_find_bin)
  if [ -z "$bin" ]; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "postgres.sh: installing postgresql (for a scratch PostgreSQL cluster)" >&2
      apt-get update >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
      bin=$(postgres_find_bin)
    fi
    if [ -z "$bin" ]; then
      echo "postgres.sh: PostgreSQL's server binaries are needed (on Debian: sudo apt-get install -y postgresql)" >&2
      exit 1
    fi
  fi
  if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
    echo "postgres.sh: running as root needs the 'postgres' user (Debian's postgresql package makes it)" >&2
    exit 1
  fi

  local dir password
  dir=$(mktemp -d "${TMPDIR:-/tmp}/octoreact-pg.XXXXXX")
  password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  mkdir -p "$dir/socket"
  printf '%s\n' "$password" > "$dir/password"
  chmod 700 "$dir" "$dir/socket"
  chmod 600 "$dir/password"
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$dir"; fi

  if ! postgres_as_owner "$bin/initdb" --pgdata="$dir/data" --username=postgres --encoding=UTF8 --locale=C.UTF-8 \
      --auth-local=trust --auth-host=scram-sha-256 >"$dir/initdb.log" 2>&1; then
    echo "postgres.sh: initdb failed:" >&2
    cat "$dir/initdb.log" >&2
    rm -rf "$dir"
    return 1
  fi

  # The stop/start script tests use to take the database away and bring it back.
  cat > "$dir/ctl" <<EOF
#!/usr/bin/env bash
# stop|start|status the scratch PostgreSQL server in $dir, as its owner.
set -euo pipefail
case "\${1:-}" in
  stop) mode=(stop -m fast) ;;
  start) mode=(start -l "$dir/server.log") ;;
  status) mode=(status) ;;
  *) echo "usage: \$0 stop|start|status" >&2; exit 2 ;;
esac
if [ "\$(id -u)" -eq 0 ]; then
  exec runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -w -t 60 "\${mode[@]}"
fi
exec "$bin/pg_ctl" -D "$dir/data" -w -t 60 "\${mode[@]}"
EOF
  chmod 755 "$dir/ctl"

  local port attempt started=0
  for attempt in 1 2 3 4 5; do
    port=$(postgres_free_port)
    cat > "$dir/data/postgresql.auto.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir/socket'
max_connections = 200
shared_buffers = 32MB
EOF
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir/data/postgresql.auto.conf"; fi
    if "$dir/ctl" start >/dev/null 2>&1; then
      started=1
      break
    fi
  done
  if [ "$started" -ne 1 ]; then
    echo "postgres.sh: the server did not start; its log:" >&2
    tail -n 20 "$dir/server.log" >&2 2>/dev/null || true
    rm -rf "$dir"
    return 1
  fi

  # The application's role: a password, may create databases (each test makes its own), not a superuser.
  if ! postgres_as_owner "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir/socket" -p "$port" -U postgres -d postgres \
      -c "CREATE ROLE octoreact LOGIN CREATEDB PASSWORD '$password'" \
      -c "CREATE DATABASE octoreact OWNER octoreact" >"$dir/setup.log" 2>&1; then
    echo "postgres.sh: setting up the role and database failed:" >&2
    cat "$dir/setup.log" >&2
    "$dir/ctl" stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    return 1
  fi

  export POSTGRES_DIR="$dir"
  export POSTGRES_PORT="$port"
  export POSTGRES_CTL="$dir/ctl"
  export POSTGRES_URL="postgres://octoreact:$password@127.0.0.1:$port/octoreact"
  echo "postgres.sh: PostgreSQL ($(basename "$(dirname "$bin")")) on 127.0.0.1:$port, in $dir" >&2
}

postgres_stop() {
  local dir=${POSTGRES_DIR:-}
  [ -n "$dir" ] || return 0
  if [ -x "$dir/ctl" ] && "$dir/ctl" status >/dev/null 2>&1; then
    "$dir/ctl" stop >/dev/null 2>&1 || echo "postgres.sh: could not stop the server in $dir" >&2
  fi
  case "$dir" in
    */octoreact-pg.*) rm -rf "$dir" ;;
  esac
  unset POSTGRES_DIR POSTGRES_PORT POSTGRES_CTL POSTGRES_URL
}
