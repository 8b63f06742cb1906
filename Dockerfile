# syntax=docker/dockerfile:1
# FORMA in one container: build with the toolchain, run with production dependencies and the build only.
# Data (the SQLite database and uploads) lives on one volume at /data.

# ---- build: native modules (better-sqlite3) compile here, then the app and its server are built ----
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
	&& apt-get install -y --no-install-recommends python3 make g++ \
	&& rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm install, not npm ci: docs/decisions/0013-npm-install-not-ci.md
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# ---- runtime ----
FROM node:22-bookworm-slim AS runtime
# SESSION_SECRET and SITE_URL (the public origin, e.g. https://forma.gallery) have no default here: only the
# deployment knows them, and the server refuses to start without them rather than guess from a request.
# SMTP_URL and MAIL_FROM (outgoing mail) come from the deployment too: without them mail waits in the outbox.
ENV NODE_ENV=production \
	PORT=3000 \
	DATABASE_PATH=/data/forma.sqlite \
	UPLOADS_DIR=/data/uploads
WORKDIR /app
RUN groupadd --system forma \
	&& useradd --system --gid forma --home-dir /app --shell /usr/sbin/nologin forma \
	&& mkdir -p /data/uploads \
	&& chown -R forma:forma /data
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# The pictures the first start's seed stores (setup.js reads them from db/seed/pictures under WORKDIR).
COPY --from=build /app/db/seed/pictures ./db/seed/pictures
USER forma
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
	CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations (and the first-start seed) run before the server; exec so the server gets SIGTERM directly.
CMD ["sh", "-c", "node build/server/setup.js && exec node build/server/server.js build/index.js"]
