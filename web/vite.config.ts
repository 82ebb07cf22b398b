import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appIconsPlugin, appIcons, BRAND_COLOUR } from './build/appIcons.js';
import { keepAppShellOnly } from './build/appShell.js';

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
    appIconsPlugin(fileURLToPath(new URL('public/favicon.svg', import.meta.url))),
    // The installable app: the web manifest and the service worker (src/offline/serviceWorker.ts),
    // which main.tsx registers from a module (no inline script, for the Content-Security-Policy).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'serviceWorker.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Tiyende — rides, courier and delivery',
        short_name: 'Tiyende',
        description: 'Rides, parcels and deliveries across the Copperbelt: see your fare before you go.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: BRAND_COLOUR,
        background_color: '#ffffff',
        categories: ['travel', 'navigation'],
        icons: appIcons
          .filter((icon) => !icon.fileName.includes('apple'))
          .map((icon) => ({ src: `/${icon.fileName}`, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.purpose })),
      },
      injectManifest: {
        // Precached: the app shell only (build/appShell.ts) — not every screen, language section
        // and the admin portal, which would cost a phone ~700 KB of data on its first visit.
        globPatterns: ['index.html', 'favicon.svg', 'icons/*.png', 'assets/*.{js,css}'],
        manifestTransforms: [keepAppShellOnly(fileURLToPath(new URL('dist/', import.meta.url)))],
      },
    }),
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
      // Calls to zod build a schema and do nothing else: one nobody uses is left out.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // The framework every screen runs (React, the router, queries, i18next) as one chunk: left
          // to itself the bundler cuts it into dozens of pieces along the routes' lines, which
          // compress worse (~7 KB gzip more) and cost a phone a request each.
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|i18next|react-i18next|i18next-browser-languagedetector)[\\/]/ },
            // zod on its own: the screens that check input load it; the first page (which only reads
            // the catalogue's data) does not.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
