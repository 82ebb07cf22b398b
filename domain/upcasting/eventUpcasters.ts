import { registerRideUpcasters } from '../ride/upcasters.js';
import { registerRouteEncodingUpcasters } from '../routeEncoding/upcasters.js';
import { createUpcasterRegistry, type UpcasterRegistry } from './upcasterRegistry.js';

/** Every lifecycle's upcasters in one registry: what the event store's readers run stored events through. */
export function createEventUpcasters(): UpcasterRegistry {
  const registry = createUpcasterRegistry();
  registerRouteEncodingUpcasters(registry);
  registerRideUpcasters(registry);
  return registry;
}

export const eventUpcasters = createEventUpcasters();
