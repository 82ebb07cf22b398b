import { useTranslation } from 'react-i18next';
import type { RouteView } from '../../../contract/maps.js';

/**
 * What a fare was priced on, for receipts: the route along the roads (and whose map data), or —
 * where no known road connects the places — the straight-line estimate, said plainly.
 */
export function RouteBasis({ route }: { route: RouteView | null | undefined }) {
  const { t } = useTranslation();
  if (!route) return null;
  const figures = { distance: route.distanceKm.toFixed(1), duration: Math.ceil(route.durationMin) };
  if (route.source === 'great_circle') {
    return (
      <p className="fine-print route-basis route-basis--straight" data-testid="route-basis" data-source={route.source}>
        {t('map.route.straightLine', figures)}
      </p>
    );
  }
  return (
    <p className="fine-print route-basis" data-testid="route-basis" data-source={route.source}>
      {t('map.route.alongRoads', figures)}
      {route.attribution && <> · {t('map.route.mapData', { attribution: route.attribution })}</>}
    </p>
  );
}
