# syntax=docker/dockerfile:1
# Brandvault: one image for the server and the worker (compose.yaml runs both).
# The build is deploy/build.sh, the same script CI runs with scripts/docker-commands.mjs.

FROM node:24-bookworm-slim AS build
# A compiler for native addons with no prebuilt binary for this platform (better-sqlite3).
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN sh deploy/build.sh

FROM node:24-bookworm-slim
# Used when present: video posters (ffmpeg), faster PDF and HEIC previews (poppler, heif-convert).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg poppler-utils libheif-examples \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown node:node /data
ENV NODE_ENV=production DATA_DIR=/data PORT=8080 HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app /app
# The image's own user, not root; it owns only the data directory.
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The compiled server (the worker: apps/server/dist/worker.js, see compose.yaml).
CMD ["node", "--conditions=brandvault-dist", "--max-old-space-size=1024", "apps/server/dist/main.js"]
