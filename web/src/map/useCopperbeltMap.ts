import 'ol/ol.css';
import GeoJSON from 'ol/format/GeoJSON.js';
import type BaseLayer from 'ol/layer/Base.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorTileLayer from 'ol/layer/VectorTile.js';
import MVT from 'ol/format/MVT.js';
import VectorTileSource from 'ol/source/VectorTile.js';
import OlMapInstance from 'ol/Map.js';
import { fromLonLat } from 'ol/proj.js';
import VectorSource from 'ol/source/Vector.js';
import XYZ from 'ol/source/XYZ.js';
import View from 'ol/View.js';
import { useEffect, useRef } from 'react';
import { OVERVIEW_MAP, type LatLng } from '../../../domain/catalogue/index.js';
import { copperbeltBasemap } from './basemap/basemap.js';
import { importedMapInfo } from './mapData.js';
import { basemapStyle, importedRoadStyle } from './styles.js';
import { configuredTileSource } from './tileSource.js';

/** A point in the map's projection (Web Mercator). */
export const toMapCoordinates = (point: LatLng) => fromLonLat([point.lng, point.lat]);

interface CopperbeltMapOptions {
  /** The attribution that says the basemap ships with the app. */
  offlineNote: string;
  /** Where the view opens: the Copperbelt overview unless given. */
  centre?: LatLng | undefined;
  zoom?: number | undefined;
  maxZoom: number;
  /** The screen's own layers, drawn above the basemap; made once, when the map is built. */
  overlays(): BaseLayer[];
}

/**
 * An OpenLayers map over the app's offline Copperbelt basemap, the same for every map screen:
 * online tiles beneath it only when configured, built once into `target` and taken down on
 * unmount. The screen keeps its overlays' sources and redraws them as its figures change;
 * `map` is the instance while it lives (for fitting the view).
 */
export function useCopperbeltMap({ offlineNote, centre, zoom, maxZoom, overlays }: CopperbeltMapOptions) {
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMapInstance | null>(null);

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
        ...overlays(),
      ],
      view: new View({ center: toMapCoordinates(centre ?? OVERVIEW_MAP.centre), zoom: zoom ?? OVERVIEW_MAP.zoom, maxZoom, minZoom: 7 }),
    });
    map.current = instance;
    // The operator's imported OpenStreetMap roads, beneath the bundled basemap, with their attribution.
    let live = true;
    void importedMapInfo().then((info) => {
      if (!live || !info?.tiles) return;
      const roads = new VectorTileLayer({
        source: new VectorTileSource({
          format: new MVT({ layers: [info.tiles.layer] }),
          url: info.tiles.url,
          minZoom: info.tiles.minZoom,
          maxZoom: info.tiles.maxZoom,
          attributions: info.attribution ?? undefined,
        }),
        style: importedRoadStyle,
        declutter: true,
      });
      instance.getLayers().insertAt(tiles ? 1 : 0, roads);
    });
    return () => {
      live = false;
      instance.setTarget(undefined);
      map.current = null;
    };
    // Built once: the screen's own effects move what it draws and its view as its props change.
  }, []);

  return { target, map };
}
