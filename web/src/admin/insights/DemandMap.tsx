import { boundingExtent } from 'ol/extent.js';
import Feature from 'ol/Feature.js';
import Polygon from 'ol/geom/Polygon.js';
import VectorLayer from 'ol/layer/Vector.js';
import { fromLonLat } from 'ol/proj.js';
import VectorSource from 'ol/source/Vector.js';
import { Fill, Stroke, Style } from 'ol/style.js';
import { cellToBoundary } from 'h3-js';
import { useEffect, useRef } from 'react';
import { toMapCoordinates, useCopperbeltMap } from '../../map/useCopperbeltMap.js';
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
  const heat = useRef(new VectorSource());
  const { target, map } = useCopperbeltMap({
    offlineNote,
    maxZoom: 17,
    overlays: () => [new VectorLayer({ source: heat.current, style: (feature) => heatStyle(Number(feature.get('share'))) })],
  });

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
    instance.getView().fit(boundingExtent(cells.map(toMapCoordinates)), { padding: FIT_PADDING, maxZoom: 14 });
  }, [cells]);

  return <div ref={target} className="ol-map insight-map" data-testid="demand-map" />;
}
