import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useRouteAnnouncements } from '../accessibility/useRouteAnnouncements.js';
import { currentUserQueryOptions } from '../session/currentUser.js';
import { Footer } from '../shell/Footer.js';
import { TopNav } from '../shell/TopNav.js';
import { useFollowPreferredLanguage } from '../shell/useLanguageChange.js';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Start asking who is signed in at once, without holding the first paint for the answer.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(currentUserQueryOptions());
  },
  component: RootLayout,
});

function RootLayout() {
  const { t } = useTranslation();
  useFollowPreferredLanguage();
  useRouteAnnouncements();
  const inAdminPortal = useRouterState({ select: (state) => /^\/admin(\/|$)/.test(state.location.pathname) });
  // The admin portal has its own frame (header, left navigation, its own <main>): not the public site's.
  if (inAdminPortal) return <Outlet />;
  return (
    <>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <TopNav />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
