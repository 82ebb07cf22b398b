import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { greatCircleTrip } from '../../../commands/ride/index.js';
import { CalculatedRoute, CalculateRouteBody } from '../../../contract/maps.js';
import { DomainError } from '../../../domain/shared/index.js';
import { summariseRoute } from '../../../platform/routing/index.js';
import { requireUser } from '../../plugins/auth.js';
import { errorResponses } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';

/**
 * "Calculate Route" on the geo-mapping page: the route the app would draw between the places,
 * with its turns, for a contributor to check against the streets they know. Signed-in people
 * only (every contributor is), so that the router is not a public service.
 */
export function calculateRouteRoutes({ commands }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/routes/calculate',
      {
        schema: {
          tags: ['route encodings'],
          summary: 'The route along the roads between places (2 to 25), with its turns',
          body: CalculateRouteBody,
          response: { 200: CalculatedRoute, ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request) => {
        const { waypoints } = request.body;
        if (commands.router) {
          try {
            const route = await commands.router.route({ waypoints });
            return { route: summariseRoute(route), steps: route.steps };
          } catch (error) {
            if (error instanceof DomainError) throw error;
            request.log.warn({ err: error }, 'routing failed: the straight line instead');
          }
        }
        return { route: greatCircleTrip(waypoints).route, steps: [] };
      },
    );
  };
}
