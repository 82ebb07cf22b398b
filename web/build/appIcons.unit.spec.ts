import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { appIcons, renderIcon } from './appIcons.js';

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url));
const pixelAt = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + info.channels)];
};

describe('the app icons drawn from the SVG mark', () => {
  it.each(appIcons)('$fileName is a $size px square PNG', async (icon) => {
    const png = await renderIcon(svg, icon);
    const metadata = await sharp(png).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', icon.size, icon.size]);
  });

  it('keeps the rounded corners transparent on "any" icons and fills a maskable icon to its edges', async () => {
    const any = await renderIcon(svg, appIcons[1]!);
    expect((await pixelAt(any, 1, 1))[3]).toBe(0);
    const maskable = await renderIcon(svg, appIcons[2]!);
    expect(await pixelAt(maskable, 1, 1)).toEqual([0x0b, 0x7a, 0x75, 255]);
  });

  it('draws the white mark in the middle, inside a maskable icon\'s safe zone', async () => {
    for (const icon of appIcons) {
      const png = await renderIcon(svg, icon);
      // The T's stem runs down the centre.
      expect((await pixelAt(png, icon.size / 2, Math.round(icon.size * 0.55))).slice(0, 3)).toEqual([255, 255, 255]);
    }
    // Nothing white outside the safe zone of the maskable one (a circle of 40 % radius).
    const maskable = await renderIcon(svg, appIcons[2]!);
    const { data, info } = await sharp(maskable).raw().toBuffer({ resolveWithObject: true });
    const centre = info.width / 2;
    let whiteOutside = 0;
    for (let y = 0; y < info.height; y += 4) {
      for (let x = 0; x < info.width; x += 4) {
        const offset = (y * info.width + x) * info.channels;
        if (Math.hypot(x - centre, y - centre) > 0.4 * info.width && data[offset]! > 200) whiteOutside++;
      }
    }
    expect(whiteOutside).toBe(0);
  });
});
