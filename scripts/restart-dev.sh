#!/usr/bin/env bash
# Restarts the local server in the background (for development): stops the previous one by its
# process group, starts `npm start` in a new session, waits until /readyz answers.
set -u
cd "$(dirname "$0")/.."
if [ -f .wrangler/dev.pid ]; then kill -- -"$(cat .wrangler/dev.pid)" 2>/dev/null; sleep 0.5; fi
mkdir -p .wrangler
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false XDG_CONFIG_HOME="$PWD/.cache/xdg"
setsid node_modules/.bin/node scripts/start.mjs >.wrangler/dev.log 2>&1 &
echo $! >.wrangler/dev.pid
for _ in $(seq 1 60); do curl -skf https://127.0.0.1:8787/readyz >/dev/null && exit 0; sleep 0.25; done
cat .wrangler/dev.log; exit 1
