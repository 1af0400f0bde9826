# What is verified without Docker (no Docker engine runs on these machines): deploy/image.ts runs
# this file's build-stage RUN in a copy of the build context (git's files minus .dockerignore),
# and the cluster test (.ci/run) starts 3 instances from the pruned copy with the final stage's
# ENV and CMD behind nginx, on PostgreSQL and Redis, killing them under load. An instruction
# deploy/image.ts does not know fails it. Not verified: the node:24-bookworm-slim image itself
# (.ci/run runs the script on Node 24 from the npm registry on Debian 12; the script checks that
# FROM names the same Node major as the Node running it), Docker's COPY.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
