import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { Tags } from '../osmTags.js';
import type { OsmElement, OsmReader } from './osmElements.js';

/**
 * An OSM XML extract (`.osm`: `<osm>` with `<node id lat lon>`, `<way id>` holding `<nd ref>` and
 * `<tag k v>`), streamed through saxes so a large file never sits in memory whole. The root's
 * `timestamp` attribute, or Overpass's `<meta osm_base>`, dates the data.
 */
export function xmlReader(file: string): OsmReader {
  return async function* (): AsyncGenerator<OsmElement> {
    const parser = new SaxesParser();
    let ready: OsmElement[] = [];
    let way: { id: number; refs: number[]; tags: Record<string, string> } | null = null;
    parser.on('opentag', (tag: SaxesTagPlain) => {
      const attribute = (name: string) => tag.attributes[name];
      switch (tag.name) {
        case 'osm':
          ready.push({ type: 'header', timestamp: attribute('timestamp') ?? null });
          break;
        case 'meta':
          if (attribute('osm_base')) ready.push({ type: 'header', timestamp: attribute('osm_base')! });
          break;
        case 'node':
          ready.push({ type: 'node', id: Number(attribute('id')), lat: Number(attribute('lat')), lon: Number(attribute('lon')) });
          break;
        case 'way':
          way = { id: Number(attribute('id')), refs: [], tags: {} };
          break;
        case 'nd':
          way?.refs.push(Number(attribute('ref')));
          break;
        case 'tag':
          if (way && attribute('k') !== undefined) way.tags[attribute('k')!] = attribute('v') ?? '';
          break;
      }
    });
    parser.on('closetag', (tag: SaxesTagPlain) => {
      if (tag.name === 'way' && way) {
        ready.push({ type: 'way', id: way.id, refs: way.refs, tags: way.tags as Tags });
        way = null;
      }
    });
    for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
      parser.write(chunk as string);
      yield* ready;
      ready = [];
    }
    parser.close();
    yield* ready;
  };
}
