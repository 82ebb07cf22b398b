import Feature from 'ol/Feature.js';
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { boundingExtent } from 'ol/extent.js';
import { useEffect, useRef } from 'react';
import { OVERVIEW_MAP, type LatLng } from '../../../domain/catalogue/index.js';
import type { MapViewProps } from './mapProps.js';
import { markerStyles, routeStyle, straightRouteStyle } from './styles.js';
import { toMapCoordinates, useCopperbeltMap } from './useCopperbeltMap.js';

const FIT_PADDING = [48, 48, 48, 48];

/**
 * The OpenLayers map. Loaded lazily (RouteMap imports it with React.lazy), so `ol` stays out of
 * the first page. Everything it draws ships with the app; online tiles appear beneath the
 * basemap only when a tile URL is configured.
 */
export default function OlMap({ centre, zoom, pickup, dropoff, driver, route, routeIsStraight, routeAttribution, offlineNote }: MapViewProps & { offlineNote: string }) {
  const markers = useRef(new VectorSource());
  const routeSource = useRef(new VectorSource());
  const { target, map } = useCopperbeltMap({
    offlineNote,
    centre,
    zoom,
    maxZoom: 18,
    overlays: () => [
      new VectorLayer({ source: routeSource.current, style: (feature) => (feature.get('straight') ? straightRouteStyle : routeStyle) }),
      new VectorLayer({ source: markers.current, style: (feature) => markerStyles[feature.getId() as keyof typeof markerStyles] }),
    ],
  });

  useEffect(() => {
    const source = markers.current;
    for (const [id, position] of Object.entries({ pickup, dropoff, driver })) {
      const existing = source.getFeatureById(id);
      if (!position) {
        if (existing) source.removeFeature(existing);
      } else if (existing) {
        (existing.getGeometry() as Point).setCoordinates(toMapCoordinates(position));
      } else {
        const feature = new Feature(new Point(toMapCoordinates(position)));
        feature.setId(id);
        source.addFeature(feature);
      }
    }
  }, [pickup, dropoff, driver]);

  useEffect(() => {
    routeSource.current.clear();
    routeSource.current.setAttributions(routeAttribution || undefined);
    if (route && route.length >= 2) {
      const line = new Feature(new LineString(route.map(toMapCoordinates)));
      line.set('straight', Boolean(routeIsStraight));
      routeSource.current.addFeature(line);
    }
  }, [route, routeIsStraight, routeAttribution]);

  // Frame the trip whenever its ends or its route change (not when only the driver moves).
  useEffect(() => {
    const instance = map.current;
    const view = instance?.getView();
    if (!instance || !view) return;
    // The fit needs the map's size, which OpenLayers otherwise measures only when it first renders.
    instance.updateSize();
    const points = [pickup, dropoff, ...(route ?? [])].filter((point): point is LatLng => Boolean(point)).map(toMapCoordinates);
    if (points.length >= 2) view.fit(boundingExtent(points), { padding: FIT_PADDING, maxZoom: 15 });
    else if (points[0]) view.animate({ center: points[0], zoom: Math.max(view.getZoom() ?? 13, 14), duration: 0 });
    else view.setCenter(toMapCoordinates(centre ?? OVERVIEW_MAP.centre));
  }, [pickup, dropoff, route, centre]);

  return <div ref={target} className="ol-map" data-testid="ol-map" data-route-points={route?.length ?? 0} data-route-straight={routeIsStraight ? 'true' : 'false'} />;
}
