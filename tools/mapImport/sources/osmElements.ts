import type { Tags } from '../osmTags.js';

/**
 * What the importer needs of an OSM extract, whatever its format: nodes (id and position),
 * ways (id, node refs, tags) and the extract's own timestamp, in file order.
 */
export type OsmElement =
  | { type: 'header'; timestamp: string | null }
  | { type: 'node'; id: number; lat: number; lon: number }
  | { type: 'way'; id: number; refs: number[]; tags: Tags };

/** Reads the extract from the start, each time it is called (the importer makes two passes). */
export type OsmReader = () => AsyncIterable<OsmElement>;
