# syntax=docker/dockerfile:1
#
# The Lotus platform server image (issue 26; docs/deploy.md, docs/adr/0087-container-image-and-compose.md).
# The same image runs the house vendor alone with another command (compose.yaml, service `house`).
#
#   docker build -t lotus:<version> .
#   docker compose --env-file deploy/.env up -d        (PostgreSQL, Redis, three instances, the house, HAProxy)
#
# Stages:
#   build    every dependency, dev ones included (npm ci), then `npm run build`: the web app with its
#            prerendered pages (apps/web/dist), the operator console (apps/backoffice/dist), the banner
#            rasters (apps/server/media-built) and the compiled server (apps/server/dist: the platform
#            server, its command lines and the house vendor as JavaScript with source maps; ADR 0089).
#   deps     the production dependencies of the server and the house vendor only (npm ci --omit=dev for the
#            two workspaces; the web app and the console are served as built files and need none of theirs).
#   runtime  Node 24 slim, those dependencies and the build's output, run by a user without privileges. No
#            TypeScript source, compiler, bundler, Vite, Playwright or test runner is in the image.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---------- build ----------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The lockfile and the workspace manifests first, so the install layer is reused until they change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/ledger/package.json packages/ledger/
COPY apps/server/package.json apps/server/
COPY apps/games/package.json apps/games/
COPY apps/web/package.json apps/web/
COPY apps/backoffice/package.json apps/backoffice/
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---------- deps ----------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/ledger/package.json packages/ledger/
COPY apps/server/package.json apps/server/
COPY apps/games/package.json apps/games/
COPY apps/web/package.json apps/web/
COPY apps/backoffice/package.json apps/backoffice/
RUN npm ci --omit=dev --no-audit --no-fund --workspace=@lotus/server --workspace=@lotus/games

# ---------- runtime ----------
FROM ${NODE_IMAGE} AS runtime
# Production defaults; every other setting comes from the environment at run time (README "Configuration",
# docs/deploy.md). No secret is set here: LOTUS_MASTER_KEY, DATABASE_URL and the rest are given to the
# container. OPS_PORT keeps the operator API off the public port (OPS_HOST defaults to 127.0.0.1: set
# OPS_HOST=0.0.0.0 where a proxy or a metrics scraper must reach it, as compose.yaml does).
# DRAIN_SECONDS: behind a proxy, at least the time the proxy takes to see a failing readiness check;
# give the container a stop timeout of DRAIN_SECONDS + 15 s (docker's default of 10 s is too short).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    OPS_PORT=9090 \
    DATA_DIR=/var/lib/lotus \
    DRAIN_SECONDS=10
WORKDIR /app
# The data folder (ops.json, the audit anchor file when PostgreSQL has no anchor table) belongs to the
# server's user and nobody else: the server refuses a DATA_DIR that others can enter.
RUN groupadd --system --gid 10001 lotus \
    && useradd --system --uid 10001 --gid lotus --create-home --home-dir /home/lotus --shell /usr/sbin/nologin lotus \
    && install -d -o lotus -g lotus -m 0700 /var/lib/lotus
COPY --from=deps /app ./
# The operator command line and the backups: docker compose exec platform-1 node scripts/ops.mjs <command>
COPY --from=build /app/scripts/lib.mjs /app/scripts/ops.mjs /app/scripts/db-backup.mjs ./scripts/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/games/games ./apps/games/games
COPY --from=build /app/apps/games/assets ./apps/games/assets
COPY --from=build /app/apps/games/drizzle ./apps/games/drizzle
COPY --from=build /app/apps/games/figures.json ./apps/games/
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/server/sql ./apps/server/sql
COPY --from=build /app/apps/server/media ./apps/server/media
COPY --from=build /app/apps/server/media-built ./apps/server/media-built
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/backoffice/dist ./apps/backoffice/dist
# The code belongs to root and is read-only for the server's user; only DATA_DIR (and /tmp) are writable.
USER lotus
EXPOSE 8080 9090
STOPSIGNAL SIGTERM
# Readiness (GET /health/ready: 200 when the database, Redis and the job engine answer; 503 while draining or
# when one does not). Slim images have no curl: Node's own fetch. The check goes to 127.0.0.1, so HOST must
# include the loopback address (0.0.0.0 does). The start period covers migrations on a first start.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health/ready', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself (apps/server/src/server.ts: readiness 503, DRAIN_SECONDS, close).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=4", "apps/server/dist/server.js"]
