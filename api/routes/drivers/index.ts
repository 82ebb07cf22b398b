import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRouteDeps } from '../product/deps.js';
import multipart from '@fastify/multipart';
import { driverDocumentRoutes } from './documents.js';
import { driverDutyRoutes } from './duty.js';
import { driverEarningsRoutes } from './earnings.js';
import { driverStatementRoutes } from './statement.js';
import { driverProfileRoutes } from './profiles.js';
import { readsFrom } from '../../plugins/readYourWrites.js';
import { driverProfilesProjection } from '../../../projections/driverProfiles/index.js';
import { driverEarningsProjection } from '../../../projections/driverEarnings/index.js';
import { paymentsProjection } from '../../../projections/payments/index.js';
import { ridesProjection } from '../../../projections/rides/index.js';

/** Everything under /api/drivers: profiles and cards, applying, document files, duty and position, earnings. */
export function driversGroup(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // What its reads read: a read after a write waits for these read models only.
    readsFrom(app, [driverProfilesProjection, driverEarningsProjection, paymentsProjection, ridesProjection]);
    await app.register(driverProfileRoutes(deps));
    await app.register(driverDutyRoutes(deps));
    await app.register(driverEarningsRoutes(deps));
    if (deps.documents) {
      const store = deps.documents;
      await app.register(async (uploads) => {
        // Multipart only here, for the document uploads; the body limit of JSON routes stays.
        await uploads.register(multipart, { limits: { files: 1, fields: 0, parts: 1 } });
        await uploads.register(driverDocumentRoutes({ store }, deps));
      });
    }
    await app.register(driverStatementRoutes(deps));
  };
}
