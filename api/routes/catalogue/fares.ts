import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteRide, routeTrip, tripPoints } from '../../../commands/ride/index.js';
import { vehicleById } from '../../../domain/catalogue/index.js';
import { receiptLines, type FareQuote } from '../../../domain/fare/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { currentUser } from '../../plugins/auth.js';
import { ErrorBody } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { FareQuote as FareQuoteResponse, QuoteBody } from '../../../contract/catalogue.js';

type Booking = Parameters<typeof quoteRide>[0];
/** What pricing reads of a booking; the rest (addresses, payment, passengers) does not change the fare. */
type TripToPrice = Pick<Booking, 'vehicleType' | 'pricingMethod' | 'pickup' | 'dropoff' | 'stops' | 'scheduledFor'>;

/**
 * The booking screen's live fare card. It calls the very function `requestRide` prices a booking
 * with (commands/ride `quoteRide`), under the admin's CURRENT settings, so the card shows what
 * the ride would be locked at if booked now, and the bounds a proposal or bid must keep to.
 */
export function fareRoutes({ commands }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/fares/quote',
      {
        schema: {
          tags: ['catalogue'],
          summary: "The server's quote for a trip, under the current settings (open to visitors)",
          body: QuoteBody,
          response: { 200: FareQuoteResponse, 400: ErrorBody, 403: ErrorBody },
        },
      },
      async (request) => {
        const { vehicleType, pickup, dropoff, stops, pricingMethod, scheduledFor } = request.body;
        const vehicle = vehicleById(vehicleType);
        const role = currentUser(request)?.userType;
        if (vehicle.comingSoon && role !== 'admin' && role !== 'staff') {
          throw new DomainError('forbidden', `vehicleType: ${vehicle.name} is coming soon and cannot be booked yet`, {
            field: 'vehicleType',
          });
        }
        const settings = await commands.settings.current();
        const now = commands.clock.now();
        const place = (point: { lat: number; lng: number }) => ({ ...point, address: '' });
        const trip: TripToPrice = {
          vehicleType,
          pricingMethod,
          pickup: place(pickup),
          dropoff: place(dropoff),
          stops: stops.map((stop) => ({ ...place(stop), notes: null })),
          scheduledFor,
        };
        // The same route requestRide will price the booking on.
        const routed = await routeTrip(commands.router, tripPoints(trip), (error) => request.log.warn({ err: error }, 'routing failed: quoted on the straight line'));
        // quoteRide takes a whole booking but reads only the trip's fields (see TripToPrice).
        const quote = quoteRide(trip as Booking, settings, now, routed);
        const fare = quote.breakdown as unknown as FareQuote;
        return {
          vehicleType: fare.vehicleId,
          serviceClass: fare.serviceClass,
          pricingMethod: fare.pricingMethod,
          isFixedPrice: fare.isFixedPrice,
          distanceKm: fare.distanceKm,
          durationMin: fare.durationMin,
          pickupDistanceKm: fare.pickupDistanceKm,
          conditions: fare.conditions,
          timeOfDay: fare.timeOfDay,
          multipliers: {
            surge: fare.surgeMultiplier,
            traffic: fare.trafficMultiplier,
            weather: fare.weatherMultiplier,
            time: fare.timeMultiplier,
          },
          totalNgwee: quote.totalNgwee,
          marketAverageNgwee: fare.marketAverage,
          savingsNgwee: fare.savings,
          range: { minNgwee: fare.range.min, maxNgwee: fare.range.max },
          bounds: { floorNgwee: quote.floorNgwee, ceilingNgwee: quote.ceilingNgwee },
          receipt: receiptLines(fare).map((line) => ({ kind: line.kind, amountNgwee: line.amount })),
          route: routed.route,
          settings: { surgeEnabled: settings.surgeEnabled, weather: settings.weather },
          pricedFor: (scheduledFor === null ? now : new Date(scheduledFor)).toISOString(),
          currency: fare.currency,
        };
      },
    );
  };
}
