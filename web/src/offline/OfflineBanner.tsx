import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './offline.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const isOnline = () => navigator.onLine;

/** Whether the browser has a connection, following it as it comes and goes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
/** How long "back online" stays on screen. */
const BACK_ONLINE_MS = 4000;

/**
 * Says when the phone has lost its connection, and briefly when it is back. The status region
 * is always in the page (empty while online) so that screen readers announce each change; it
 * sits in the flow above the header, never over the screen's own controls.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const [backOnline, setBackOnline] = useState(false);
  const wasOffline = useRef(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setBackOnline(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBackOnline(true);
    const timer = setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [online]);

  return (
    <div role="status" className="connection-status">
      {!online && <p className="connection-status__offline">{t('offline.banner')}</p>}
      {online && backOnline && <p className="connection-status__online">{t('offline.backOnline')}</p>}
    </div>
  );
}
