import 'ol/ol.css';
import { boundingExtent } from 'ol/extent.js';
import Feature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import Polygon from 'ol/geom/Polygon.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorLayer from 'ol/layer/Vector.js';
import OlMapInstance from 'ol/Map.js';
import { fromLonLat } from 'ol/proj.js';
import VectorSource from 'ol/source/Vector.js';
import XYZ from 'ol/source/XYZ.js';
import { Fill, Stroke, Style } from 'ol/style.js';
import View from 'ol/View.js';
import { cellToBoundary } from 'h3-js';
import { useEffect, useRef } from 'react';
import { OVERVIEW_MAP } from '../../../../domain/catalogue/index.js';
import { copperbeltBasemap } from '../../map/basemap/basemap.js';
import { basemapStyle } from '../../map/styles.js';
import { configuredTileSource } from '../../map/tileSource.js';
import type { DemandCell } from './insightsModel.js';

const FIT_PADDING = [32, 32, 32, 32];

/** Pale copper for a quiet cell to deep red for the busiest: the heat of the heat map. */
function heatStyle(share: number): Style {
  const alpha = 0.2 + 0.45 * share;
  const green = Math.round(160 - 130 * share);
  return new Style({
    fill: new Fill({ color: `rgba(190, ${green}, 30, ${alpha.toFixed(2)})` }),
    stroke: new Stroke({ color: 'rgba(120, 40, 20, 0.8)', width: 1 }),
  });
}

/**
 * Demand as a heat map of H3 cells over the app's offline Copperbelt basemap (the same layers
 * and style as every other map; online tiles beneath only when configured). Loaded lazily:
 * OpenLayers and h3-js stay out of every other page.
 */
export default function DemandMap({ cells, offlineNote }: { cells: readonly DemandCell[]; offlineNote: string }) {
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMapInstance | null>(null);
  const heat = useRef(new VectorSource());

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
        new VectorLayer({ source: heat.current, style: (feature) => heatStyle(Number(feature.get('share'))) }),
      ],
      view: new View({ center: fromLonLat([OVERVIEW_MAP.centre.lng, OVERVIEW_MAP.centre.lat]), zoom: OVERVIEW_MAP.zoom, maxZoom: 17, minZoom: 7 }),
    });
    map.current = instance;
    return () => {
      instance.setTarget(undefined);
      map.current = null;
    };
    // Built once: the effect below redraws the cells as the figures change.
  }, []);

  useEffect(() => {
    const source = heat.current;
    source.clear();
    const busiest = Math.max(1, ...cells.map((cell) => cell.requests));
    source.addFeatures(
      cells.map((cell) => {
        const ring = cellToBoundary(cell.cell).map(([lat, lng]) => fromLonLat([lng, lat]));
        return new Feature({ geometry: new Polygon([[...ring, ring[0]!]]), share: cell.requests / busiest });
      }),
    );
    const instance = map.current;
    if (!instance || cells.length === 0) return;
    instance.updateSize();
    instance.getView().fit(boundingExtent(cells.map((cell) => fromLonLat([cell.lng, cell.lat]))), { padding: FIT_PADDING, maxZoom: 14 });
  }, [cells]);

  return <div ref={target} className="ol-map insight-map" data-testid="demand-map" />;
}
