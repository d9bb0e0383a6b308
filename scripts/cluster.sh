#!/usr/bin/env bash
# The several-hosts layout on one machine, for trying it (README "Serving from PostgreSQL"): a
# PostgreSQL and a Redis of their own, two servers on them, and HAProxy in front on PORT. Ctrl-C
# (or SIGTERM) stops them all and removes their data.
#
#   scripts/cluster.sh                  # http://127.0.0.1:8000
#   PORT=9000 scripts/cluster.sh
#
# Needs Debian's postgresql, redis-server and haproxy (sudo apt-get install -y postgresql
# redis-server haproxy) and a built server (`npm run build`; built here when missing). Settings:
# PORT (8000), SERVERS (2), DATABASE_URL (an existing empty PostgreSQL database instead of a new
# cluster), SEED_DEMO (1).
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

port="${PORT:-8000}"
servers="${SERVERS:-2}"
work="$(mktemp -d "${TMPDIR:-/tmp}/qa-cluster.XXXXXX")"
pids=()
pg_bin=""

say() { echo "cluster: $*"; }

stop() {
  trap - EXIT INT TERM
  say "stopping"
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$pg_bin" ] && [ -f "$work/pg/postmaster.pid" ]; then
    as_postgres "$pg_bin/pg_ctl" -D "$work/pg" -m fast -w stop >/dev/null || true
  fi
  rm -rf "$work"
}
trap stop EXIT
trap 'exit 0' INT TERM

# A free TCP port on 127.0.0.1, from the kernel.
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# PostgreSQL will not run as root: as the postgres user then (Debian's package makes it).
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

wait_for() { # url, what, its log
  for _ in $(seq 300); do
    curl -fs "$1" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  say "$2 did not answer at $1; the end of its log:" >&2
  tail -n 20 "$3" >&2 || true
  exit 1
}

for tool in redis-server haproxy curl; do
  command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || {
    say "$tool is missing (sudo apt-get install -y postgresql redis-server haproxy curl)" >&2
    exit 1
  }
done
haproxy_bin="$(command -v haproxy || echo /usr/sbin/haproxy)"

if [ ! -f apps/server/dist/server.mjs ] || [ ! -f apps/web/dist/index.html ]; then
  say "building the server and the web app"
  # It fetches the pinned Node into .node/ when this one is older.
  node scripts/bootstrap.mjs build >/dev/null
fi

# The Node the servers need (.node-version): the one `npm start` fetched into .node/, or PATH's.
pinned="$(cat .node-version)"
[ -x ".node/$pinned/bin/node" ] && export PATH="$repo/.node/$pinned/bin:$PATH"
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt "${pinned%%.*}" ]; then
  say "the server needs Node $pinned or newer: run npm start once (it fetches it into .node/), or install it" >&2
  exit 1
fi

# PostgreSQL: the given database, or a cluster of our own on a free port.
if [ -n "${DATABASE_URL:-}" ]; then
  database_url="$DATABASE_URL"
else
  pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [ -x "$pg_bin/initdb" ] || { say "PostgreSQL's initdb is missing (sudo apt-get install -y postgresql)" >&2; exit 1; }
  pg_port="$(free_port)"
  mkdir -p "$work/pg"
  [ "$(id -u)" -eq 0 ] && chown -R postgres "$work"
  as_postgres "$pg_bin/initdb" -D "$work/pg" -U postgres --auth=trust >/dev/null
  as_postgres "$pg_bin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
    -o "-p $pg_port -k $work -c listen_addresses=127.0.0.1" start >/dev/null
  as_postgres "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres site
  database_url="postgres://postgres@127.0.0.1:$pg_port/site"
  say "PostgreSQL on 127.0.0.1:$pg_port"
fi

redis_port="$(free_port)"
redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no >"$work/redis.log" 2>&1 &
pids+=($!)
say "Redis on 127.0.0.1:$redis_port"

secret="$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64url"))')"
backends=""
for i in $(seq "$servers"); do
  server_port="$(free_port)"
  DATABASE_URL="$database_url" REDIS_URL="redis://127.0.0.1:$redis_port" SESSION_SECRET="$secret" \
    PORT="$server_port" HOST=127.0.0.1 TRUST_PROXY=127.0.0.1 SEED_DEMO="${SEED_DEMO:-1}" \
    node apps/server/dist/server.mjs >"$work/server$i.log" 2>&1 &
  pids+=($!)
  # One after another: the first migrates and writes the demo, the next find them done.
  wait_for "http://127.0.0.1:$server_port/healthz" "server $i" "$work/server$i.log"
  say "server $i on 127.0.0.1:$server_port (log: $work/server$i.log)"
  backends+="    server s$i 127.0.0.1:$server_port check"$'\n'
done

# README "Several processes": its HAProxy block, with these addresses.
cat >"$work/haproxy.cfg" <<EOF
defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    option forwardfor
    retries 2
    option redispatch

frontend site
    bind 127.0.0.1:$port
    use_backend socketio if { path_beg /socket.io/ }
    default_backend servers

backend servers
    balance leastconn
    option httpchk GET /healthz
    http-check expect status 200
$backends
backend socketio
    balance source
    hash-type consistent
    option httpchk GET /healthz
    http-check expect status 200
$backends
EOF
"$haproxy_bin" -f "$work/haproxy.cfg" -db >"$work/haproxy.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:$port/healthz" "HAProxy" "$work/haproxy.log"
say "the site is at http://127.0.0.1:$port ($servers servers, PostgreSQL, Redis); Ctrl-C stops everything"
wait "${pids[@]}"
