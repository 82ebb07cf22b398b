import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_METADATA } from './siteMetadata.js';

const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

const meta = (attribute: 'name' | 'property', key: string) =>
  html.match(new RegExp(`<meta\\s+${attribute}="${key.replace('.', '\\.')}"\\s+content="([^"]*)"`))?.[1];

describe('index.html metadata', () => {
  it('carries the spec’s locale, region, centre and price range', () => {
    const { lat, lng } = SITE_METADATA.centre;
    expect(meta('property', 'og:locale')).toBe(SITE_METADATA.locale);
    expect(meta('name', 'geo.region')).toBe(SITE_METADATA.region);
    expect(meta('name', 'geo.position')).toBe(`${lat};${lng}`);
    expect(meta('name', 'ICBM')).toBe(`${lat}, ${lng}`);
    const structured = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!);
    expect(structured).toMatchObject({ priceRange: SITE_METADATA.priceRange, geo: { latitude: lat, longitude: lng } });
  });

  it('leaves title and description to each page (no second copy in the shell)', () => {
    expect(html).not.toMatch(/<title>/);
    expect(meta('name', 'description')).toBeUndefined();
  });
});
