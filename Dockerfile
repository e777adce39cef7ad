# syntax=docker/dockerfile:1
# TOGO: one image serving the API and the built web app (docs/deploy.md, docs/decisions/019-production-runtime.md).
#   docker build -t togo .
#   docker run -p 3000:3000 --env-file .env togo
# Build stage: every dependency (the web build needs the dev ones), then the web app and the compiled API.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:api \
  && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: production dependencies, the compiled server and the files it reads; no compiler, no tsx.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
# Read at run time next to where the sources were: migrations, reference data, static assets, the web app.
COPY --from=build /app/apps/api/src/db/migrations apps/api/src/db/migrations
COPY --from=build /app/apps/api/seed-data apps/api/seed-data
COPY --from=build /app/apps/api/public apps/api/public
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
# The image's unprivileged user (uid 1000); nothing under /app but DATA_DIR is writable.
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM (docker stop) drains in-flight requests and exits 0 within SHUTDOWN_TIMEOUT_MS (default 25 s).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
