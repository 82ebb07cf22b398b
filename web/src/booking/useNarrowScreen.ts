import { useSyncExternalStore } from 'react';

/** Below the booking page's two-column width (960 px, booking.css): a phone or a narrow window. */
const NARROW = '(max-width: 959.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the screen is narrow, following the window as it is resized or turned. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
