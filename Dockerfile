# Tiyende's API server. docker-compose.yml runs it behind Caddy next to PostgreSQL and KurrentDB;
# `docker run -p 3000:3000 tiyende` alone works too (embedded PostgreSQL in /app/.data).
FROM node:20-bookworm-slim

ENV NODE_ENV=production \
    PORT=3000

WORKDIR /app

# The app runs from TypeScript through tsx, which is a production dependency, so devDependencies
# (vitest, vite, typescript, …) stay out of the image; `npm run lint` (not-to-dev-dep) guarantees
# no production module imports one. Install scripts stay off, as on the developers' npm 11.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

COPY . .

# The only place the app writes to (compose mounts a volume here): the imported map, documents on
# disk, and embedded PostgreSQL's data when DATABASE_URL is not set.
RUN mkdir -p .data && chown node:node .data

USER node
EXPOSE 3000

# node:20-bookworm-slim has no curl; Node's own fetch asks /health.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"

# Node itself is PID 1 (not npm), so SIGTERM reaches the server and it can drain and close pools.
CMD ["node", "--import", "tsx", "api/server.ts"]
