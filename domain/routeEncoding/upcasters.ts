import { z } from 'zod';
import type { UpcasterRegistry } from '../upcasting/upcasterRegistry.js';

/**
 * RouteEncodingSubmitted v1, frozen as it was stored: the street names were one comma-separated
 * string, which broke on names with commas in them and made every reader split it again.
 */
export const routeEncodingSubmittedV1Data = z.object({
  encodingId: z.string(),
  authorId: z.string(),
  startAddress: z.string(),
  endAddress: z.string(),
  streetNames: z.string(),
  coordinates: z.array(z.object({ lat: z.number(), lng: z.number() })),
  region: z.literal('Copperbelt Province'),
  submittedAt: z.string(),
});

/** v1 → v2: the string becomes the list v2 records (trimmed, blanks dropped, first spelling of a repeat kept). */
function streetNamesV1toV2(streetNames: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of streetNames.split(',')) {
    const name = raw.trim().replace(/\s+/g, ' ');
    const key = name.toLocaleLowerCase('en');
    if (name !== '' && !seen.has(key)) {
      seen.add(key);
      names.push(name);
    }
  }
  return names;
}

export function registerRouteEncodingUpcasters(registry: UpcasterRegistry): UpcasterRegistry {
  return registry.register('RouteEncodingSubmitted', 1, 2, (data) => {
    const v1 = routeEncodingSubmittedV1Data.parse(data);
    return { ...v1, streetNames: streetNamesV1toV2(v1.streetNames) };
  });
}
