# syntax=docker/dockerfile:1

# ---- build: all dependencies, then bundle the client and the server
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json ./
COPY scripts ./scripts
COPY server ./server
COPY client ./client
COPY shared ./shared
COPY public ./public
COPY content ./content
# The commit the compliance archive names as the build (there is no .git in here):
#   podman build --build-arg SOURCE_COMMIT=$(git rev-parse HEAD) ...
ARG SOURCE_COMMIT=""
RUN SOURCE_COMMIT="$SOURCE_COMMIT" npm run build

# ---- runtime: production dependencies, the bundles and the public files only
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# git: with CONTENT_REPO the site fetches its content branch (docs/live-content.md); ca-certificates for https remotes.
RUN apt-get update && apt-get install -y --no-install-recommends git ca-certificates openssh-client \
    && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY public ./public
# Every word of the site: read and checked at start-up (a broken file stops the start).
COPY content ./content
# Without DATABASE_URL the sign-up and message ledgers (and their outbox queues) live in /app/data; mount a volume there.
# The compliance archive (ARCHIVE_DIR=/app/archive) gets a volume of its own.
RUN mkdir -p /app/data /app/archive && chown node:node /app/data /app/archive
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node itself receives SIGTERM and drains requests (npm start would not pass the signal on).
# The heap ceiling, far above what the server holds, keeps V8's heap (and RSS) small under a flood of
# searches: docs/decisions/018-pages-made-per-request.md, "Memory under a flood". The young generation's
# bound (2 x 16 MB, Node 20's default, which Node 24 doubles): docs/decisions/027-young-generation-bound.md.
CMD ["node", "--max-old-space-size=512", "--max-semi-space-size=16", "dist/server/index.js"]
