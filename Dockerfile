FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bench ./bench
COPY bin ./bin
COPY templates ./templates
# the audit bundle (umpire export, mail LOG) ships docs/audit.md as its AUDIT.md
COPY docs/audit.md ./docs/audit.md
# every released rules build: bundles carry them, umpire verify checks each game segment under its own
COPY builds ./builds
RUN npm install --no-audit --no-fund && npm prune --omit=dev
ENV NODE_ENV=production
CMD ["node", "dist/src/worker.js"]
