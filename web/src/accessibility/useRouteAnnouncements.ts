import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAccessibility } from './AccessibilityProvider.js';

/**
 * In screen-reader mode, says the new page's title after each navigation: a single-page app
 * changes screens without the page load a screen reader would otherwise announce.
 */
export function useRouteAnnouncements() {
  const router = useRouter();
  const { settings, announce } = useAccessibility();
  const enabled = settings.screenReaderOptimized;
  useEffect(() => {
    if (!enabled) return;
    return router.subscribe('onResolved', ({ pathChanged }) => {
      if (!pathChanged) return;
      // The new screen's <title> is rendered in the same commit; read it once that has painted.
      requestAnimationFrame(() => announce(document.title));
    });
  }, [router, enabled, announce]);
}
