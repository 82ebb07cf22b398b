import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../types.js';
import { registerCommandLog } from './commandLog.js';

const lines: Array<Record<string, unknown>> = [];
let app: App;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  app = Fastify({ loggerInstance: pino({ level: 'info' }, sink) as FastifyBaseLogger }).withTypeProvider<ZodTypeProvider>();
  registerCommandLog(app);
  const ride = { id: 'ride-1', status: 'completed', driverId: 'driver-1', vehicleType: 'car', pricingMethod: 'bidding', finalFareNgwee: 3400, pin: { code: '7391' } };
  app.post('/api/rides/:rideId/complete', async () => ride);
  app.post('/api/rides/:rideId/start', async (_request, reply) => reply.status(409).send({ code: 'pin_incorrect', message: 'Wrong PIN' }));
  app.post('/api/bids', async (_request, reply) => reply.status(201).send({ id: 'bid-1', rideId: 'ride-1', status: 'placed', bidAmountNgwee: 3400 }));
  app.post('/api/drivers/:driverId/location', async () => ({ stored: true }));
  app.post('/api/auth/login', async () => ({ userId: 'u' }));
  app.get('/api/rides/:rideId', async () => ride);
  await app.ready();
});
afterAll(() => app.close());

it('logs one line per accepted command, with the ride, its status and fare, and nothing else', async () => {
  for (const [method, url] of [
    ['POST', '/api/rides/ride-1/complete'],
    ['POST', '/api/rides/ride-1/start'],
    ['POST', '/api/bids'],
    ['POST', '/api/drivers/driver-1/location'],
    ['POST', '/api/auth/login'],
    ['GET', '/api/rides/ride-1'],
  ] as const) {
    await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
  }
  const logged = lines.filter((line) => line.msg === 'command accepted');
  expect(logged).toEqual([
    expect.objectContaining({ command: 'POST /api/rides/:rideId/complete', rideId: 'ride-1', status: 'completed', driverId: 'driver-1', pricingMethod: 'bidding', fareNgwee: 3400 }),
    expect.objectContaining({ command: 'POST /api/bids', rideId: 'ride-1', bidId: 'bid-1', status: 'placed', fareNgwee: 3400 }),
  ]);
  // Only the chosen fields: never the rest of an answer (a rider's PIN, say). Each line's own
  // clock and process fields are left out: a timestamp in milliseconds may end in the PIN's digits.
  const written = lines.map(({ time: _time, pid: _pid, responseTime: _responseTime, ...fields }) => fields);
  expect(JSON.stringify(written)).not.toContain('7391');
});
