/**
 * The OSM PBF message writers osm-pbf-parser-node ships (compiled from the OSM project's
 * fileformat.proto and osmformat.proto by the `pbf` compiler), as the tests use them to write
 * small extracts.
 */
declare module 'osm-pbf-parser-node/proto/fileformat.js' {
  import type { PbfWriter } from 'pbf';
  export const Blob: { write(blob: { raw_size?: number; raw?: Uint8Array; zlib_data?: Uint8Array }, pbf: PbfWriter): void };
  export const BlobHeader: { write(header: { type: 'OSMHeader' | 'OSMData'; datasize: number }, pbf: PbfWriter): void };
}

declare module 'osm-pbf-parser-node/proto/osmformat.js' {
  import type { PbfWriter } from 'pbf';
  interface DenseNodes {
    id: number[];
    lat: number[];
    lon: number[];
  }
  interface Way {
    id: number;
    keys: number[];
    vals: number[];
    refs: number[];
  }
  export const HeaderBlock: {
    write(header: { required_features: string[]; writingprogram?: string; osmosis_replication_timestamp?: number }, pbf: PbfWriter): void;
  };
  export const PrimitiveBlock: {
    write(block: { stringtable: { s: Uint8Array[] }; primitivegroup: ({ dense: DenseNodes } | { ways: Way[] })[]; granularity?: number }, pbf: PbfWriter): void;
  };
}
