import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
/** The API the dev server forwards /api and /ws to (`npm start` listens on PORT, default 3000). */
const apiOrigin = process.env.TIYENDE_API_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: webRoot,
  plugins: [
    // Before react(): it generates src/routeTree.gen.ts and splits each route's component into
    // its own chunk, so the first page downloads only the route it shows.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
  ],
  server: {
    // web/ imports the shared domain/ code from the repository root.
    fs: { allow: [repositoryRoot] },
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/ws': { target: apiOrigin.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // tests/bench/bundle.bench.ts reads what the first page loads from the manifest.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The framework every screen runs (React, the router, queries, i18next) as one chunk: left
          // to itself the bundler cuts it into dozens of pieces along the routes' lines, which
          // compress worse (~7 KB gzip more) and cost a phone a request each.
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|i18next|react-i18next|i18next-browser-languagedetector)[\\/]/ }],
        },
      },
    },
  },
});
