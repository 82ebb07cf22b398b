/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** An XYZ raster tile URL (`https://…/{z}/{x}/{y}.png`); without it the map is offline only. */
  readonly VITE_TILE_URL?: string;
  /** The attribution the tile provider asks for, shown on the map with its tiles. */
  readonly VITE_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
