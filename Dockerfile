# One image for every service; docker-compose.yml picks the entry point of each (and runs the CLI in it).
FROM node:20-slim
WORKDIR /app
# Dependencies first (a layer that changes only with the lock file). `prepare` (scripts/build-once.mjs)
# finds no tsconfig.json yet and builds nothing here.
COPY package.json package-lock.json ./
COPY scripts scripts
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY gateway gateway
COPY platform platform
COPY subgraphs subgraphs
COPY schema schema
COPY stack stack
COPY cli cli
COPY bench bench
COPY test test
# Built once, here: the containers run dist/ and never compile.
RUN node scripts/build-once.mjs --force && npm prune --omit=dev
ENV NODE_ENV=production
CMD ["node", "dist/gateway/main.js"]
