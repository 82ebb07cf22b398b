import 'ol/ol.css';
import Feature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorLayer from 'ol/layer/Vector.js';
import OlMapInstance from 'ol/Map.js';
import { fromLonLat } from 'ol/proj.js';
import VectorSource from 'ol/source/Vector.js';
import XYZ from 'ol/source/XYZ.js';
import { boundingExtent } from 'ol/extent.js';
import View from 'ol/View.js';
import { useEffect, useRef } from 'react';
import { OVERVIEW_MAP, type LatLng } from '../../../domain/catalogue/index.js';
import { copperbeltBasemap } from './basemap/basemap.js';
import type { MapViewProps } from './mapProps.js';
import { basemapStyle, markerStyles, routeStyle } from './styles.js';
import { configuredTileSource } from './tileSource.js';

const toMap = (point: LatLng) => fromLonLat([point.lng, point.lat]);
const FIT_PADDING = [48, 48, 48, 48];

/**
 * The OpenLayers map. Loaded lazily (RouteMap imports it with React.lazy), so `ol` stays out of
 * the first page. Everything it draws ships with the app; online tiles appear beneath the
 * basemap only when a tile URL is configured.
 */
export default function OlMap({ centre, zoom, pickup, dropoff, driver, route, offlineNote }: MapViewProps & { offlineNote: string }) {
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMapInstance | null>(null);
  const markers = useRef(new VectorSource());
  const routeSource = useRef(new VectorSource());

  useEffect(() => {
    if (!target.current) return;
    const tiles = configuredTileSource();
    const basemap = new VectorSource({
      features: new GeoJSON().readFeatures(copperbeltBasemap(), { featureProjection: 'EPSG:3857' }),
      attributions: offlineNote,
    });
    const instance = new OlMapInstance({
      target: target.current,
      layers: [
        ...(tiles ? [new TileLayer({ source: new XYZ({ url: tiles.url, attributions: tiles.attribution, crossOrigin: 'anonymous' }) })] : []),
        new VectorLayer({ source: basemap, style: basemapStyle, opacity: tiles ? 0.6 : 1, declutter: true }),
        new VectorLayer({ source: routeSource.current, style: routeStyle }),
        new VectorLayer({ source: markers.current, style: (feature) => markerStyles[feature.getId() as keyof typeof markerStyles] }),
      ],
      view: new View({ center: toMap(centre ?? OVERVIEW_MAP.centre), zoom: zoom ?? OVERVIEW_MAP.zoom, maxZoom: 18, minZoom: 7 }),
    });
    map.current = instance;
    return () => {
      instance.setTarget(undefined);
      map.current = null;
    };
    // Built once: the effects below move its markers, route and view as the props change.
  }, []);

  useEffect(() => {
    const source = markers.current;
    for (const [id, position] of Object.entries({ pickup, dropoff, driver })) {
      const existing = source.getFeatureById(id);
      if (!position) {
        if (existing) source.removeFeature(existing);
      } else if (existing) {
        (existing.getGeometry() as Point).setCoordinates(toMap(position));
      } else {
        const feature = new Feature(new Point(toMap(position)));
        feature.setId(id);
        source.addFeature(feature);
      }
    }
  }, [pickup, dropoff, driver]);

  useEffect(() => {
    routeSource.current.clear();
    if (route && route.length >= 2) routeSource.current.addFeature(new Feature(new LineString(route.map(toMap))));
  }, [route]);

  // Frame the trip whenever its ends or its route change (not when only the driver moves).
  useEffect(() => {
    const instance = map.current;
    const view = instance?.getView();
    if (!instance || !view) return;
    // The fit needs the map's size, which OpenLayers otherwise measures only when it first renders.
    instance.updateSize();
    const points = [pickup, dropoff, ...(route ?? [])].filter((point): point is LatLng => Boolean(point)).map(toMap);
    if (points.length >= 2) view.fit(boundingExtent(points), { padding: FIT_PADDING, maxZoom: 15 });
    else if (points[0]) view.animate({ center: points[0], zoom: Math.max(view.getZoom() ?? 13, 14), duration: 0 });
    else view.setCenter(toMap(centre ?? OVERVIEW_MAP.centre));
  }, [pickup, dropoff, route, centre]);

  return <div ref={target} className="ol-map" data-testid="ol-map" />;
}
