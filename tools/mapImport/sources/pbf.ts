import { createOSMStream } from 'osm-pbf-parser-node';
import { ROAD_TAG_KEYS } from '../osmTags.js';
import type { OsmElement, OsmReader } from './osmElements.js';

interface PbfHeader {
  type?: undefined;
  osmosis_replication_timestamp?: number;
}
interface PbfNode {
  type: 'node';
  id: number;
  lat: number;
  lon: number;
}
interface PbfWay {
  type: 'way';
  id: number;
  refs: number[];
  tags?: Record<string, string>;
}
type PbfItem = PbfHeader | PbfNode | PbfWay | { type: 'relation' };

/**
 * An `.osm.pbf` extract (the OSM PBF format: OSMHeader, then OSMData blocks of dense nodes, ways
 * and relations), streamed by osm-pbf-parser-node. Only the ways' road tags are decoded.
 */
export function pbfReader(file: string): OsmReader {
  return async function* (): AsyncGenerator<OsmElement> {
    const items = createOSMStream(file, { withTags: { node: false, way: [...ROAD_TAG_KEYS], relation: false } });
    for await (const raw of items) {
      const item = raw as PbfItem;
      if (item.type === undefined) {
        const seconds = item.osmosis_replication_timestamp;
        yield { type: 'header', timestamp: seconds ? new Date(seconds * 1000).toISOString() : null };
      } else if (item.type === 'node') {
        yield { type: 'node', id: item.id, lat: item.lat, lon: item.lon };
      } else if (item.type === 'way') {
        yield { type: 'way', id: item.id, refs: item.refs, tags: item.tags ?? {} };
      }
    }
  };
}
