import type { FeatureLike } from 'ol/Feature.js';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style.js';

/** Beyond this resolution (metres per pixel) place names would crowd the map: points only. */
const PLACE_LABEL_MAX_RESOLUTION = 40;

const townArea = new Style({
  fill: new Fill({ color: 'rgba(196, 120, 58, 0.18)' }),
  stroke: new Stroke({ color: 'rgba(160, 90, 40, 0.6)', width: 1 }),
});
const roadCasing = new Style({ stroke: new Stroke({ color: '#7a5a3a', width: 6 }), zIndex: 1 });
const trunkRoad = new Style({ stroke: new Stroke({ color: '#f2b134', width: 4 }), zIndex: 2 });
const mainRoad = new Style({ stroke: new Stroke({ color: '#fff6e0', width: 3 }), zIndex: 2 });

const label = (text: string, size: number, offsetY = 0) =>
  new Text({
    text,
    font: `600 ${size}px system-ui, sans-serif`,
    fill: new Fill({ color: '#1f2933' }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
    offsetY,
  });

export function basemapStyle(feature: FeatureLike, resolution: number): Style | Style[] {
  const kind = feature.get('kind');
  const name = String(feature.get('name') ?? '');
  switch (kind) {
    case 'townArea':
      return townArea;
    case 'road':
      return [roadCasing, feature.get('class') === 'trunk' ? trunkRoad : mainRoad];
    case 'town':
      return new Style({
        image: new CircleStyle({ radius: 5, fill: new Fill({ color: '#1f2933' }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }),
        text: label(name, 14, -14),
        zIndex: 4,
      });
    case 'place':
      return new Style({
        image: new CircleStyle({ radius: 4, fill: new Fill({ color: '#0b7a75' }), stroke: new Stroke({ color: '#ffffff', width: 1.5 }) }),
        text: resolution <= PLACE_LABEL_MAX_RESOLUTION ? label(name, 12, -12) : undefined,
        zIndex: 3,
      });
    default:
      return [];
  }
}

const markerStyle = (fill: string, letter: string) =>
  new Style({
    image: new CircleStyle({ radius: 11, fill: new Fill({ color: fill }), stroke: new Stroke({ color: '#ffffff', width: 3 }) }),
    text: new Text({ text: letter, font: '700 12px system-ui, sans-serif', fill: new Fill({ color: '#ffffff' }) }),
    zIndex: 10,
  });

export const markerStyles = {
  pickup: markerStyle('#13795b', 'A'),
  dropoff: markerStyle('#b42318', 'B'),
  driver: markerStyle('#1d4ed8', '🚗'),
} as const;

export const routeStyle = [
  new Style({ stroke: new Stroke({ color: '#ffffff', width: 8 }), zIndex: 5 }),
  new Style({ stroke: new Stroke({ color: '#1d4ed8', width: 5 }), zIndex: 6 }),
];
