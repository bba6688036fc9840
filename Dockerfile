# syntax=docker/dockerfile:1
# The production image, on Node 24 LTS (ADR 0054; CI installs the same version). Its steps are the
# README's "Production" commands, which CI runs on every submission (.ci/run, last step): npm ci, npm run
# build, npm prune --omit=dev, then Node alone.

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-fund --no-audit
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24.21.0-bookworm-slim
# HOST=0.0.0.0: a container is reached through its own network interface; the server's default, 127.0.0.1,
# would take no connection from outside it. The development mailbox is never on with it (src/server/env.ts).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# The server's Node options, as `npm run serve` gives them (scripts/server-node-options.json, ADR 0051).
ENV NODE_OPTIONS=--max-semi-space-size=64
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME /data
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm run serve` runs, started directly so that the server is PID 1 and gets SIGTERM itself.
CMD ["node", "--enable-source-maps", "dist/node/src/server/node.js"]
