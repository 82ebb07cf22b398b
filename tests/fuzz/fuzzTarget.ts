import { keyOf, type RouteRow } from '../authorization/matrix.js';
import { startApiTestBed } from '../support/apiTestBed.js';
import { startWorld } from '../support/authorizationWorld.js';
import { liveParts, openedFor } from '../support/openedFor.js';
import type { OpenApiOperation } from './badRequests.js';

/**
 * What both fuzz specs send their requests to, ready before the file's first test and closed after
 * its last (once the spec's own closing hooks have run): a server holding the authorization
 * table's world with a bidding and an accepted ride in place, and each route's OpenAPI operation.
 */
export function useFuzzTarget() {
  const current = openedFor(
    'file',
    async () => {
      const bed = await startApiTestBed();
      const world = await startWorld(bed);
      await world.shared('biddingRide');
      await world.shared('acceptedRide');
      await bed.app.ready();
      const { paths } = bed.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
      return { bed, world, paths };
    },
    ({ bed }) => bed.close(),
    120_000,
  );
  function operationOf(row: RouteRow): OpenApiOperation {
    const operation = current().paths[row.path.replace(/:(\w+)/g, '{$1}')]?.[row.method.toLowerCase()];
    if (!operation) throw new Error(`${keyOf(row)} is not in the OpenAPI document`);
    return operation;
  }
  return { ...liveParts(current, ['bed', 'world']), operationOf };
}
