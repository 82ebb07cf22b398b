import { writeFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { Blob, BlobHeader } from 'osm-pbf-parser-node/proto/fileformat.js';
import { HeaderBlock, PrimitiveBlock } from 'osm-pbf-parser-node/proto/osmformat.js';
import { PbfWriter } from 'pbf';
import type { LatLng } from '../../domain/catalogue/geography.js';

/**
 * Small OpenStreetMap extracts the importer tests generate, one description written three ways:
 * OSM XML (the API 0.6 format), the PBF format (an OSMHeader block, then an OSMData block of
 * dense nodes and one of ways, zlib-compressed) and GeoJSON as osmtogeojson exports it (each way
 * a LineString, or a MultiLineString where nodes are missing, with its tags under `tags`).
 */
export interface ExtractDescription {
  /** The extract's own date (the XML root's timestamp, the PBF header's replication time). */
  timestamp: Date;
  nodes: { id: number; at: LatLng }[];
  /** Refs to nodes absent from `nodes` are allowed: an extract cut at its edge has them. */
  ways: { id: number; refs: number[]; tags: Record<string, string> }[];
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function writeOsmXml(file: string, extract: ExtractDescription): Promise<void> {
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<osm version="0.6" generator="tiyende-tests" timestamp="${extract.timestamp.toISOString().replace('.000Z', 'Z')}">`,
    ...extract.nodes.map((node) => `  <node id="${node.id}" visible="true" version="1" lat="${node.at.lat}" lon="${node.at.lng}"/>`),
    ...extract.ways.flatMap((way) => [
      `  <way id="${way.id}" visible="true" version="1">`,
      ...way.refs.map((ref) => `    <nd ref="${ref}"/>`),
      ...Object.entries(way.tags).map(([key, value]) => `    <tag k="${escape(key)}" v="${escape(value)}"/>`),
      `  </way>`,
    ]),
    `</osm>`,
  ];
  await writeFile(file, `${lines.join('\n')}\n`);
}

export async function writeOsmGeoJson(file: string, extract: ExtractDescription): Promise<void> {
  const positions = new Map(extract.nodes.map((node) => [node.id, [node.at.lng, node.at.lat]]));
  const features = extract.ways.map((way) => {
    const runs: number[][][] = [[]];
    for (const ref of way.refs) {
      const position = positions.get(ref);
      if (position) runs.at(-1)!.push(position);
      else if (runs.at(-1)!.length > 0) runs.push([]);
    }
    const lines = runs.filter((run) => run.length >= 2);
    const geometry = lines.length === 1 ? { type: 'LineString', coordinates: lines[0] } : { type: 'MultiLineString', coordinates: lines };
    return { type: 'Feature', id: `way/${way.id}`, properties: { type: 'way', id: way.id, tags: way.tags, meta: {} }, geometry };
  });
  await writeFile(file, JSON.stringify({ type: 'FeatureCollection', features }));
}

const GRANULARITY = 100; // nanodegrees: positions in units of 1e-7°
const units = (degrees: number) => Math.round((degrees * 1e9) / GRANULARITY);
const deltas = (values: number[]) => values.map((value, index) => value - (index === 0 ? 0 : values[index - 1]!));

export async function writeOsmPbf(file: string, extract: ExtractDescription): Promise<void> {
  const strings = [''];
  const stringIndex = (text: string) => {
    const found = strings.indexOf(text);
    return found >= 0 ? found : strings.push(text) - 1;
  };
  const ways = extract.ways.map((way) => ({
    id: way.id,
    keys: Object.keys(way.tags).map(stringIndex),
    vals: Object.values(way.tags).map(stringIndex),
    refs: deltas(way.refs),
  }));
  const dense = {
    id: deltas(extract.nodes.map((node) => node.id)),
    lat: deltas(extract.nodes.map((node) => units(node.at.lat))),
    lon: deltas(extract.nodes.map((node) => units(node.at.lng))),
  };
  const encoder = new TextEncoder();
  const header = message((pbf) =>
    HeaderBlock.write(
      { required_features: ['OsmSchema-V0.6', 'DenseNodes'], writingprogram: 'tiyende-tests', osmosis_replication_timestamp: Math.floor(extract.timestamp.getTime() / 1000) },
      pbf,
    ),
  );
  const data = message((pbf) =>
    PrimitiveBlock.write({ stringtable: { s: strings.map((text) => encoder.encode(text)) }, primitivegroup: [{ dense }, { ways }], granularity: GRANULARITY }, pbf),
  );
  await writeFile(file, Buffer.concat([fileBlock('OSMHeader', header), fileBlock('OSMData', data)]));
}

function message(write: (pbf: PbfWriter) => void): Uint8Array {
  const pbf = new PbfWriter();
  write(pbf);
  return pbf.finish();
}

/** A fileblock: the BlobHeader's length (4 bytes, big-endian), the BlobHeader, then the Blob. */
function fileBlock(type: 'OSMHeader' | 'OSMData', content: Uint8Array): Buffer {
  const blob = message((pbf) => Blob.write({ raw_size: content.length, zlib_data: deflateSync(content) }, pbf));
  const blobHeader = message((pbf) => BlobHeader.write({ type, datasize: blob.length }, pbf));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(blobHeader.length);
  return Buffer.concat([length, blobHeader, blob]);
}
