/**
 * Registers /serviceWorker.js once the page has loaded, so it never competes with the first paint for a
 * slow connection. A module, not an inline script: the Content-Security-Policy allows none.
 * Built apps only (the dev server has no worker). By mode, not `PROD`: that follows NODE_ENV,
 * which a build started from the test runner inherits as `test`.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.MODE !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/serviceWorker.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
