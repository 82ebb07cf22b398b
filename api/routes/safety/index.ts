import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRouteDeps } from '../product/deps.js';
import { trustedContactRoutes } from './contacts.js';
import { incidentRoutes } from './incidents.js';
import { publicShareRoutes } from './publicShare.js';
import { recordingMediaRoutes } from './recordingMedia.js';
import { rideSafetyRoutes } from './rideSafety.js';
import { devTextRoutes } from './devTexts.js';
import { readsFrom } from '../../plugins/readYourWrites.js';
import { safetyProjection } from '../../../projections/safety/index.js';
import { ridesProjection } from '../../../projections/rides/index.js';
import { driverProfilesProjection } from '../../../projections/driverProfiles/index.js';

/** The safety net: trusted contacts, sharing and the public share page, ride checks, messages, recordings, incidents. */
export function safetyGroup(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // What its reads read: a read after a write waits for these read models only.
    readsFrom(app, [safetyProjection, ridesProjection, driverProfilesProjection]);
    await app.register(trustedContactRoutes(deps));
    await app.register(publicShareRoutes(deps));
    await app.register(rideSafetyRoutes(deps));
    await app.register(recordingMediaRoutes(deps, deps.storage ?? null));
    await app.register(incidentRoutes(deps));
    if (deps.textOutbox) await app.register(devTextRoutes(deps.textOutbox));
  };
}
