# One image for every service; docker-compose.yml picks the entry point of each.
FROM node:20-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY gateway gateway
COPY subgraphs subgraphs
COPY schema schema
COPY stack stack
COPY cli cli
COPY bench bench
COPY test test
RUN npx tsc -p . && npm prune --omit=dev
ENV NODE_ENV=production
CMD ["node", "dist/gateway/main.js"]
