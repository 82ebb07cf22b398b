import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapViewProps } from './mapProps.js';

// Its own chunk: OpenLayers (~70-90 KB gzip) loads only when a screen shows a map.
const OlMap = lazy(() => import('./OlMap.js'));

class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('The map failed to load', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A map of the Copperbelt with optional pickup, dropoff and driver markers and a route line,
 * and a control to expand it to the whole screen and back.
 */
export function RouteMap({ label, ...props }: MapViewProps & { label: string }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  return (
    <section className={`route-map${expanded ? ' route-map--expanded' : ''}`} aria-label={label}>
      <button type="button" className="button button--ghost route-map__toggle" aria-pressed={expanded} onClick={() => setExpanded((was) => !was)}>
        {expanded ? t('map.minimise') : t('map.expand')}
      </button>
      <MapErrorBoundary fallback={<p className="route-map__message" role="alert">{t('map.failed')}</p>}>
        <Suspense fallback={<p className="route-map__message">{t('map.loading')}</p>}>
          <OlMap {...props} offlineNote={t('map.offlineNote')} />
        </Suspense>
      </MapErrorBoundary>
    </section>
  );
}
