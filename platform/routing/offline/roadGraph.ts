import createGraph, { type Graph, type Link } from 'ngraph.graph';
import { aStar, type PathFinder } from 'ngraph.path';
import type { LatLng } from '../../../domain/catalogue/geography.js';
import { haversineKm, polylineLengthKm, splitPolyline, type PolylineProjection } from '../../../domain/geo/index.js';
import { FASTEST_SPEED_KMH, type RoadClass } from './roadClasses.js';
import { SegmentIndex } from './segmentIndex.js';

/** A polyline to build the graph from: a road, a verified route, or a connector joining one to a road. */
export interface GraphRoad {
  coordinates: LatLng[];
  name: string | null;
  roadClass: RoadClass;
  oneway: boolean;
  speedKmh: number;
  /** Part of a contributor's verified route. */
  verified: boolean;
}

/** A stretch of road between two junctions (or ends): the graph's edges carry these. */
export interface Edge {
  from: number;
  to: number;
  geometry: LatLng[];
  lengthKm: number;
  seconds: number;
  road: GraphRoad;
}

/** One way along an edge: forwards (from → to) or, on a two-way road, backwards. */
export interface Traversal {
  edge: Edge;
  forward: boolean;
}

/** Where a point meets the network: on which edge, at which point of it, how far from the point. */
export interface Snap {
  edge: Edge;
  projection: PolylineProjection;
}

/** Coordinates closer than this (1e-7°, about a centimetre) are one junction. */
const key = (point: LatLng) => `${Math.round(point.lat * 1e7)}:${Math.round(point.lng * 1e7)}`;
const secondsFor = (lengthKm: number, speedKmh: number) => (lengthKm / speedKmh) * 3600;

/**
 * The road network as a directed multigraph (ngraph.graph): a node at every junction and road
 * end (where polylines share a coordinate), an edge for each stretch between them carrying its
 * geometry and driving time, a link each way it may be driven. Shortest paths are by time, with
 * A* (ngraph.path) guided by the straight line at the fastest speed, so the guess never
 * overestimates. Points snap to the nearest edge through a segment index (flatbush).
 *
 * A query cuts the edges its waypoints snap to (`cutAt`) and puts them back afterwards; routing is
 * synchronous, so no other query sees the cut.
 */
export class RoadGraph {
  private readonly graph: Graph<LatLng, Traversal> = createGraph({ multigraph: true });
  private readonly edges: Edge[] = [];
  private readonly links = new Map<Edge, Link<Traversal>[]>();
  private readonly finder: PathFinder<LatLng>;
  private index: SegmentIndex = SegmentIndex.build([]);
  private nextNode = 0;

  private constructor() {
    this.finder = aStar(this.graph, {
      oriented: true,
      distance: (_from, _to, link) => link.data.edge.seconds,
      heuristic: (from, to) => secondsFor(haversineKm(from.data, to.data), FASTEST_SPEED_KMH),
    });
  }

  static build(roads: readonly GraphRoad[]): RoadGraph {
    const built = new RoadGraph();
    const lines = roads.map((road) => ({ road, points: withoutRepeats(road.coordinates) })).filter(({ points }) => points.length >= 2);
    const uses = new Map<string, number>();
    for (const { points } of lines) for (const point of points) uses.set(key(point), (uses.get(key(point)) ?? 0) + 1);
    const nodes = new Map<string, number>();
    const nodeAt = (point: LatLng) => {
      const pointKey = key(point);
      let id = nodes.get(pointKey);
      if (id === undefined) nodes.set(pointKey, (id = built.addNode(point)));
      return id;
    };
    for (const { road, points } of lines) {
      let start = 0;
      for (let index = 1; index < points.length; index++) {
        if (index < points.length - 1 && uses.get(key(points[index]!))! < 2) continue;
        built.addStretch(road, points.slice(start, index + 1), nodeAt);
        start = index;
      }
    }
    built.index = SegmentIndex.build(built.edges.map((edge) => edge.geometry));
    return built;
  }

  get edgeCount(): number {
    return this.edges.length;
  }

  /** The nearest point of the network within `maxKm`, or null. */
  nearest(point: LatLng, maxKm: number): Snap | null {
    const hit = this.index.nearest(point, maxKm);
    return hit ? { edge: this.edges[hit.polylineIndex]!, projection: hit.projection } : null;
  }

  /**
   * Cuts the snapped edges at the snaps' points, so that a path can start and end there: the node
   * of each snap, in order, and `restore`, which puts the edges back as they were.
   */
  cutAt(snaps: readonly Snap[]): { nodes: number[]; restore(): void } {
    const nodes: number[] = [];
    const added: Edge[] = [];
    const removed: Edge[] = [];
    const addedNodes: number[] = [];
    const byEdge = new Map<Edge, number[]>();
    snaps.forEach((snap, position) => byEdge.set(snap.edge, [...(byEdge.get(snap.edge) ?? []), position]));
    for (const [edge, positions] of byEdge) {
      const along = positions.sort((a, b) => alongOrder(snaps[a]!.projection, snaps[b]!.projection));
      const cuts = along.map((position) => {
        const node = this.addNode(snaps[position]!.projection.point);
        addedNodes.push(node);
        nodes[position] = node;
        return { node, projection: snaps[position]!.projection };
      });
      removed.push(edge);
      this.unlink(edge);
      added.push(...this.cutEdge(edge, cuts));
    }
    return {
      nodes,
      restore: () => {
        for (const edge of added) this.unlink(edge);
        for (const node of addedNodes) this.graph.removeNode(node);
        for (const edge of removed) this.link(edge);
      },
    };
  }

  /** The quickest way from one node to another, edge by edge; null when no road connects them. */
  quickestPath(from: number, to: number): Traversal[] | null {
    if (from === to) return [];
    const nodes = this.finder.find(from, to).reverse();
    if (nodes.length === 0) return null;
    const path: Traversal[] = [];
    for (let index = 1; index < nodes.length; index++) {
      const [here, next] = [nodes[index - 1]!.id, nodes[index]!.id];
      let best: Traversal | undefined;
      for (const link of this.graph.getLinks(here) ?? []) {
        if (link.fromId !== here || link.toId !== next) continue;
        if (!best || link.data.edge.seconds < best.edge.seconds) best = link.data;
      }
      path.push(best!);
    }
    return path;
  }

  private addNode(point: LatLng): number {
    const id = this.nextNode++;
    this.graph.addNode(id, point);
    return id;
  }

  private addStretch(road: GraphRoad, points: LatLng[], nodeAt: (point: LatLng) => number): void {
    const [from, to] = [nodeAt(points[0]!), nodeAt(points.at(-1)!)];
    // A loop back to its own junction is cut in two, so that both halves can be driven.
    if (from === to) {
      if (points.length < 3) return;
      const middle = Math.floor(points.length / 2);
      this.addStretch(road, points.slice(0, middle + 1), nodeAt);
      this.addStretch(road, points.slice(middle), nodeAt);
      return;
    }
    const edge = this.makeEdge(road, from, to, points);
    this.edges.push(edge);
    this.link(edge);
  }

  private makeEdge(road: GraphRoad, from: number, to: number, geometry: LatLng[]): Edge {
    const lengthKm = polylineLengthKm(geometry);
    return { from, to, geometry, lengthKm, seconds: secondsFor(lengthKm, road.speedKmh), road };
  }

  /** The edge's pieces between its ends and the cuts (ordered along it), linked into the graph. */
  private cutEdge(edge: Edge, cuts: { node: number; projection: PolylineProjection }[]): Edge[] {
    const pieces: Edge[] = [];
    let rest = edge.geometry;
    let restEnd = edge.to;
    // From the last cut backwards, so the earlier cuts' segment indices still hold.
    for (let index = cuts.length - 1; index >= 0; index--) {
      const [head, tail] = splitPolyline(rest, cuts[index]!.projection);
      pieces.unshift(this.makeEdge(edge.road, cuts[index]!.node, restEnd, tail.length >= 2 ? tail : [tail[0]!, tail[0]!]));
      rest = head;
      restEnd = cuts[index]!.node;
    }
    pieces.unshift(this.makeEdge(edge.road, edge.from, restEnd, rest.length >= 2 ? rest : [rest[0]!, rest[0]!]));
    for (const piece of pieces) this.link(piece);
    return pieces;
  }

  private link(edge: Edge): void {
    const links = [this.graph.addLink(edge.from, edge.to, { edge, forward: true })];
    if (!edge.road.oneway) links.push(this.graph.addLink(edge.to, edge.from, { edge, forward: false }));
    this.links.set(edge, links);
  }

  private unlink(edge: Edge): void {
    for (const link of this.links.get(edge) ?? []) this.graph.removeLink(link);
    this.links.delete(edge);
  }
}

/** Earlier along the edge first: by segment, then by how far along it. */
const alongOrder = (a: PolylineProjection, b: PolylineProjection) => a.segmentIndex - b.segmentIndex || a.fraction - b.fraction;

function withoutRepeats(points: readonly LatLng[]): LatLng[] {
  return points.filter((point, index) => index === 0 || key(point) !== key(points[index - 1]!));
}
