import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** Tiyende's brand colour: the icon's background, the manifest's theme and the page's theme-color. */
export const BRAND_COLOUR = '#0b7a75';

export interface AppIcon {
  fileName: string;
  size: number;
  /** `maskable`: full-bleed background, mark inside the central safe zone, for launchers that crop to a shape. */
  purpose: 'any' | 'maskable';
}

/** What browsers ask for: 192 and 512 for installation and the splash screen, 180 for iOS's home screen. */
export const appIcons: readonly AppIcon[] = [
  { fileName: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { fileName: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { fileName: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
  { fileName: 'icons/apple-touch-icon-180.png', size: 180, purpose: 'maskable' },
];

/** The share of a maskable icon the mark may use: the safe zone is a circle of 80 % of the width. */
const MASKABLE_MARK_SHARE = 0.6;

/** One icon drawn from the SVG mark (web/public/favicon.svg) at its size. */
export async function renderIcon(svg: Buffer, icon: AppIcon): Promise<Buffer> {
  if (icon.purpose === 'any') return sharp(svg, { density: 72 * (icon.size / 64) }).resize(icon.size, icon.size).png().toBuffer();
  const markSize = Math.round(icon.size * MASKABLE_MARK_SHARE);
  const mark = await sharp(svg, { density: 72 * (markSize / 64) }).resize(markSize, markSize).png().toBuffer();
  return sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: BRAND_COLOUR } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/** Emits the app's PNG icons, drawn at build time from the one SVG mark, into the build. */
export function appIconsPlugin(svgFile: string): Plugin {
  return {
    name: 'tiyende-app-icons',
    apply: 'build',
    async generateBundle() {
      const svg = readFileSync(svgFile);
      for (const icon of appIcons) this.emitFile({ type: 'asset', fileName: icon.fileName, source: await renderIcon(svg, icon) });
    },
  };
}
