import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isSuccess, keyOf, table, type RouteRow } from '../authorization/matrix.js';
import { settled } from '../journeys/kit.js';
import { roles, type ResourceKind, type Role } from '../support/authorizationWorld.js';
import { stateDigest } from '../support/stateDigest.js';
import { badRequests, inputsOf, type BadRequest } from './badRequests.js';
import { useFuzzTarget } from './fuzzTarget.js';
import { unboundedFields } from './schemaBreakers.js';

/**
 * Malformed input for every route of the authorization table, sent by a caller the route lets
 * through (so it reaches validation): every answer is a 4xx with a message, never a 5xx; and the
 * event store, the read models and the API's own tables are exactly as they were.
 * FUZZ_RUNS (default 20) sets the runs per route; a failure prints fast-check's seed and path.
 */

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** Answers that mean the request never reached validation: the fuzz would be testing nothing. */
const GUARD_CODES = ['unauthenticated', 'mfa_required', 'forbidden_role', 'account_deactivated'];
/** The fuzz sends no valid request, so one placeholder per kind is enough for every path to name. */
const standIn: Partial<Record<ResourceKind, ResourceKind>> = {
  pendingRide: 'acceptedRide',
  arrivedRide: 'acceptedRide',
  startedRide: 'acceptedRide',
  completedRide: 'acceptedRide',
  openBiddingRide: 'biddingRide',
  approvedApplicant: 'pendingApplicant',
  suspendedApplicant: 'pendingApplicant',
};

const { bed, world, operationOf } = useFuzzTarget();
const report: Array<{ route: string; caller: Role; runs: number; statuses: Map<number, number>; families: Set<string> }> = [];

afterAll(async () => {
  const width = Math.max(...report.map((line) => line.route.length));
  const lines = report.map(({ route, caller, runs, statuses, families }) => {
    const seen = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
    return `${route.padEnd(width)}  as ${caller.padEnd(5)} ${String(runs).padStart(3)} runs  ${seen.padEnd(28)} ${[...families].join(', ')}`;
  });
  console.info(['bad input, per route:', ...lines].join('\n'));
});

/** The first caller the table lets do it; else the first the guard lets through (the handler then refuses). */
function callerFor(row: RouteRow): Role {
  // Provider callbacks have no session guard (each adapter authenticates its own): a visitor reaches them.
  return (
    roles.find((role) => isSuccess(row.expect[role]) || row.expect[role] === 501) ??
    roles.find((role) => ![401, 403].includes(row.expect[role] as number)) ??
    'anon'
  );
}

it('every string and list a request may carry has an upper bound', () => {
  const unbounded = table.flatMap((row) => {
    const inputs = inputsOf(operationOf(row));
    const fields = [
      ...(inputs.body ? unboundedFields(inputs.body, 'body') : []),
      ...Object.entries(inputs.query).flatMap(([name, { schema }]) => unboundedFields(schema, `query.${name}`)),
    ];
    return fields.map((field) => `${keyOf(row)} ${field}`);
  });
  expect(unbounded).toEqual([]);
});

describe('malformed requests are refused with a message, and change nothing', () => {
  for (const row of table) {
    it(keyOf(row), async () => {
      const caller = callerFor(row);
      const who = caller === 'anon' ? undefined : world.people[caller];
      const res = row.uses ? await world.shared(standIn[row.uses] ?? row.uses) : { id: '' };
      const parts = row.request({ world, res, who });
      const base = { method: row.method, path: row.path, params: parts.params ?? {}, query: parts.query ?? {}, body: parts.body };
      const line = { route: keyOf(row), caller, runs: 0, statuses: new Map<number, number>(), families: new Set<string>() };
      report.push(line);

      await settled(bed);
      const before = await stateDigest(bed.db);
      await fc.assert(
        fc.asyncProperty(badRequests(inputsOf(operationOf(row)), base), async (bad: BadRequest) => {
          const response = await bed.app.inject({
            method: bad.method,
            url: bad.url,
            headers: { ...bad.headers, ...(who ? { cookie: who.cookie } : {}) },
            ...(bad.payload === undefined ? {} : { payload: bad.payload }),
          });
          line.runs += 1;
          line.statuses.set(response.statusCode, (line.statuses.get(response.statusCode) ?? 0) + 1);
          line.families.add(bad.family);
          const told = `${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, `never a 5xx: ${told}`).toBeLessThan(500);
          if (!bad.mustRefuse) return;
          expect(response.statusCode, `refused: ${told}`).toBeGreaterThanOrEqual(400);
          const body = JSON.parse(response.body) as { message?: unknown; code?: unknown };
          expect(body.message, `a refusal says what is wrong: ${told}`).toEqual(expect.any(String));
          if (who) expect(GUARD_CODES, `the request never reached validation: ${told}`).not.toContain(body.code);
        }),
        { numRuns: NUM_RUNS },
      );
      await settled(bed);
      expect(await stateDigest(bed.db), 'a refused request changed what is stored').toEqual(before);
      expect(Object.prototype, 'a request polluted Object.prototype').not.toHaveProperty('polluted');
    }, 120_000);
  }
});
