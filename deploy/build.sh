#!/bin/sh
# The whole build of a release, in the project's own commands: what the Dockerfile runs, and what
# scripts/docker-commands.mjs runs in CI on a copy of the checkout (CI cannot run containers).
set -eu
# Exactly the lockfile; native addons (better-sqlite3, sharp) for this machine.
npm ci --no-audit --no-fund
# The web app (Vite) and the server with the contract as JavaScript (apps/server/dist).
npm run build
# Development tools are not needed to run the compiled server or the worker.
npm prune --omit=dev --no-audit --no-fund
