import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../types.js';

/**
 * One info line per command the API accepted, so the server log tells a ride's story (requested,
 * bid on, assigned, arrived, started, completed, rated) in lines an operator can grep by ride id:
 *
 *   {"msg":"command accepted","command":"POST /api/rides/:rideId/complete","rideId":"…","status":"completed",…}
 *
 * A command is a successful write under /api/ — except sign-in (the accounts module logs its own
 * steps, without secrets), telemetry (a driver's position every few seconds is not a command) and
 * writes that only compute (a fare quote).
 */
const NOT_COMMANDS = new Set(['POST /api/drivers/:driverId/location', 'POST /api/fares/quote']);
const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
/** Larger answers are lists, not a command's outcome: not worth parsing for a log line. */
const MAX_PARSED_ANSWER = 64 * 1024;

export function registerCommandLog(app: App): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const command = commandOf(request, reply);
    if (command) request.log.info({ command, ...idsOf(request), ...outcomeOf(command, payload) }, 'command accepted');
    return payload;
  });
}

function commandOf(request: FastifyRequest, reply: FastifyReply): string | null {
  const route = request.routeOptions.url;
  if (!route || !WRITES.has(request.method) || reply.statusCode >= 300 || reply.statusCode < 200) return null;
  if (!route.startsWith('/api/') || route.startsWith('/api/auth/')) return null;
  const command = `${request.method} ${route}`;
  return NOT_COMMANDS.has(command) ? null : command;
}

function idsOf(request: FastifyRequest): Record<string, unknown> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const user = request.signInState?.user;
  return { ...params, ...(user ? { userId: user.id, role: request.actingRole ?? user.user_type } : {}) };
}

/** The few fields of the answer that say what happened: which ride or bid, its status, the money. */
function outcomeOf(command: string, payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'string' || payload.length > MAX_PARSED_ANSWER || !payload.startsWith('{')) return {};
  let answer: Record<string, unknown>;
  try {
    answer = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return {};
  }
  const isRide = command.includes(' /api/rides') || command === 'PATCH /api/bids/:bidId';
  const isBid = !isRide && command.includes(' /api/bids');
  const picked: Record<string, unknown> = {
    rideId: isRide ? answer.id : answer.rideId,
    bidId: isBid ? answer.id : undefined,
    status: answer.status,
    driverId: answer.driverId,
    vehicleType: answer.vehicleType,
    pricingMethod: answer.pricingMethod,
    fareNgwee:
      answer.finalFareNgwee ?? answer.agreedFareNgwee ?? answer.bidAmountNgwee ?? answer.offeredFareNgwee ?? (answer.quote as { totalNgwee?: unknown } | undefined)?.totalNgwee,
  };
  return Object.fromEntries(Object.entries(picked).filter(([, value]) => value !== undefined && value !== null));
}
