import './styles/index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AccessibilityProvider } from './accessibility/AccessibilityProvider.js';
import { createQueryClient } from './api/queryClient.js';
import { startI18n } from './i18n/setup.js';
import { OfflineBanner } from './offline/OfflineBanner.js';
import { registerServiceWorker } from './offline/registerServiceWorker.js';
import { routeTree } from './routeTree.gen.js';
import { ErrorPage } from './shell/ErrorPage.js';
import { NotFoundPage } from './shell/NotFoundPage.js';
import { ToastProvider } from './toast/Toaster.js';

const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // TanStack Query owns caching: loaders always run and read from its cache.
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: ErrorPage,
  defaultNotFoundComponent: NotFoundPage,
  // An unknown path is the 404 page, not a nested route's not-found ("/no/such/page" is no city).
  notFoundMode: 'root',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// The language is known (and loaded) before the first paint, so nobody sees English flash first.
await startI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AccessibilityProvider>
          <OfflineBanner />
          <RouterProvider router={router} />
        </AccessibilityProvider>
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
