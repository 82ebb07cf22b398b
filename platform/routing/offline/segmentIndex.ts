import Flatbush from 'flatbush';
import type { LatLng } from '../../../domain/catalogue/geography.js';
import { projectOntoPolyline, type PolylineProjection } from '../../../domain/geo/index.js';

/** The nearest point of one of the indexed polylines, with the segment relative to that polyline. */
export interface PolylineHit {
  polylineIndex: number;
  projection: PolylineProjection;
}

const KM_PER_DEGREE = 111.195;
/** The first box searched around a point; it grows fivefold until a road turns up or the limit is reached. */
const FIRST_SEARCH_KM = 0.2;

/**
 * Every segment of a set of polylines in a static R-tree (flatbush), for "which road is nearest
 * this point": the tree finds the segments whose boxes meet a box around the point, and each is
 * measured exactly (domain/geo). The box grows until something lies within it, so a pin in a
 * dense town costs a handful of segments and one beside a lone trunk road still finds it.
 */
export class SegmentIndex {
  private constructor(
    private readonly polylines: readonly (readonly LatLng[])[],
    private readonly tree: Flatbush | null,
    private readonly segmentPolyline: Int32Array,
    private readonly segmentStart: Int32Array,
  ) {}

  static build(polylines: readonly (readonly LatLng[])[]): SegmentIndex {
    const count = polylines.reduce((sum, line) => sum + Math.max(0, line.length - 1), 0);
    const segmentPolyline = new Int32Array(count);
    const segmentStart = new Int32Array(count);
    if (count === 0) return new SegmentIndex(polylines, null, segmentPolyline, segmentStart);
    const tree = new Flatbush(count);
    polylines.forEach((line, polylineIndex) => {
      for (let start = 0; start < line.length - 1; start++) {
        const a = line[start]!;
        const b = line[start + 1]!;
        const item = tree.add(Math.min(a.lng, b.lng), Math.min(a.lat, b.lat), Math.max(a.lng, b.lng), Math.max(a.lat, b.lat));
        segmentPolyline[item] = polylineIndex;
        segmentStart[item] = start;
      }
    });
    tree.finish();
    return new SegmentIndex(polylines, tree, segmentPolyline, segmentStart);
  }

  /** The nearest point within `maxKm` on any polyline that `include` accepts (all, by default), or null. */
  nearest(point: LatLng, maxKm: number, include: (polylineIndex: number) => boolean = () => true): PolylineHit | null {
    if (!this.tree) return null;
    for (let radiusKm = Math.min(FIRST_SEARCH_KM, maxKm); ; radiusKm = Math.min(radiusKm * 5, maxKm)) {
      const hit = this.nearestWithin(point, radiusKm, include);
      if (hit || radiusKm >= maxKm) return hit;
    }
  }

  private nearestWithin(point: LatLng, radiusKm: number, include: (polylineIndex: number) => boolean): PolylineHit | null {
    const dLat = radiusKm / KM_PER_DEGREE;
    const dLng = radiusKm / (KM_PER_DEGREE * Math.cos((point.lat * Math.PI) / 180));
    let best: PolylineHit | null = null;
    for (const item of this.tree!.search(point.lng - dLng, point.lat - dLat, point.lng + dLng, point.lat + dLat)) {
      const polylineIndex = this.segmentPolyline[item]!;
      if (!include(polylineIndex)) continue;
      const start = this.segmentStart[item]!;
      const line = this.polylines[polylineIndex]!;
      const projection = projectOntoPolyline(point, [line[start]!, line[start + 1]!]);
      if (projection.distanceKm > radiusKm || (best && projection.distanceKm >= best.projection.distanceKm)) continue;
      best = { polylineIndex, projection: { ...projection, segmentIndex: start } };
    }
    return best;
  }
}
