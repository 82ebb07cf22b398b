/**
 * The metadata values of spec 000 §2.1, which index.html carries for every page
 * (siteMetadata.unit.spec.ts checks that it does).
 */
export const SITE_METADATA = {
  locale: 'en_ZM',
  region: 'ZM-02',
  centre: { lat: -12.8, lng: 28.2 },
  priceRange: 'ZMW 10-200',
} as const;
