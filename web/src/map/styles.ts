import type { FeatureLike } from 'ol/Feature.js';
import { Circle as CircleStyle, Fill, Icon, Stroke, Style, Text } from 'ol/style.js';

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

/**
 * Lucide's car (lucide.dev, ISC licence) in white: drawn as an image, since an emoji drawn as
 * canvas text depends on the device having an emoji font (many Linux and older Android phones
 * show an empty box).
 */
const CAR_ICON =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="#ffffff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">' +
      '<path d="M19 17h2c.6 0 1-.4 1-1v-3c0-.9-.7-1.7-1.5-1.9C18.7 10.6 16 10 16 10s-1.3-1.4-2.2-2.3c-.5-.4-1.1-.7-1.8-.7H5c-.6 0-1.1.4-1.4.9l-1.4 2.9A3.7 3.7 0 0 0 2 12v4c0 .6.4 1 1 1h2"/>' +
      '<circle cx="7" cy="17" r="2"/><path d="M9 17h6"/><circle cx="17" cy="17" r="2"/></svg>',
  );

const vehicleMarker = (fill: string) => [
  new Style({ image: new CircleStyle({ radius: 12, fill: new Fill({ color: fill }), stroke: new Stroke({ color: '#ffffff', width: 3 }) }), zIndex: 10 }),
  new Style({ image: new Icon({ src: CAR_ICON, width: 14, height: 14 }), zIndex: 11 }),
];

export const markerStyles = {
  pickup: markerStyle('#13795b', 'A'),
  dropoff: markerStyle('#b42318', 'B'),
  driver: vehicleMarker('#1d4ed8'),
} as const;

export const routeStyle = [
  new Style({ stroke: new Stroke({ color: '#ffffff', width: 8 }), zIndex: 5 }),
  new Style({ stroke: new Stroke({ color: '#1d4ed8', width: 5 }), zIndex: 6 }),
];

/** A route no known road serves (the straight-line estimate): dashed, so nobody takes it for a road. */
export const straightRouteStyle = [
  new Style({ stroke: new Stroke({ color: '#ffffff', width: 7 }), zIndex: 5 }),
  new Style({ stroke: new Stroke({ color: '#6b7280', width: 4, lineDash: [10, 8] }), zIndex: 6 }),
];

const importedRoadWidth: Record<string, number> = { motorway: 4, trunk: 4, primary: 3.5, secondary: 3, tertiary: 2.5 };

/** The imported OpenStreetMap roads (vector tiles, layer `roads`): bigger roads wider and warmer. */
export function importedRoadStyle(feature: FeatureLike): Style {
  const roadClass = String(feature.get('class') ?? '');
  const width = importedRoadWidth[roadClass] ?? 1.5;
  const color = width >= 3.5 ? '#f2b134' : width >= 2.5 ? '#fff6e0' : '#ffffff';
  return new Style({ stroke: new Stroke({ color, width }) });
}
