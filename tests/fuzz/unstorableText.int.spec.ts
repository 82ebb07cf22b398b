import { beforeAll, describe, expect, it } from 'vitest';
import { isSuccess, keyOf, table, urlOf, type RouteRow } from '../authorization/matrix.js';
import { settled } from '../journeys/kit.js';
import { roles, type Person, type Resource } from '../support/authorizationWorld.js';
import { inputsOf } from './badRequests.js';
import { useFuzzTarget } from './fuzzTarget.js';
import { applyBreak, freeTextPaths, unstorableText, type JsonSchema } from './schemaBreakers.js';

/**
 * The bad-input fuzz samples; this walks every free-text field of every route (body and query)
 * and puts in text no store can keep — a NUL, a lone surrogate — in a request that is otherwise
 * the table's valid one, sent by a caller it lets through. Each must be refused with a 4xx, never
 * accepted (it would be stored mangled, or break the store with a 500).
 */

const RIDE_KINDS = new Set(['acceptedRide', 'pendingRide', 'openBiddingRide', 'biddingRide', 'arrivedRide', 'startedRide', 'completedRide']);

const { bed, world, operationOf } = useFuzzTarget();

/** Who may make the request: the table's first allowed caller; a driver yet to apply for the application. */
async function callerFor(row: RouteRow): Promise<{ who: Person | undefined } | null> {
  if (keyOf(row) === 'POST /api/drivers/register') return { who: { ...(await bed.signIn('driver')), role: 'U' } };
  const role = roles.find((candidate) => isSuccess(row.expect[candidate]));
  if (!role) return null;
  return { who: role === 'anon' ? undefined : world.people[role] };
}

describe('rows on shared resources', () => {
  for (const row of table.filter((candidate) => !candidate.fresh)) checkRow(row);
});

describe('rows whose success changes the resource', () => {
  beforeAll(() => world.sweep(), 60_000);
  for (const row of table.filter((candidate) => candidate.fresh)) checkRow(row);
});

function checkRow(row: RouteRow): void {
  it(`${keyOf(row)}: a NUL or a lone surrogate in any free-text field is refused`, async () => {
    const inputs = inputsOf(operationOf(row));
    const caller = await callerFor(row);
    if (!caller) return;
    let resource: Resource | undefined;
    const resourceNow = async () => {
      if (!row.uses) return { id: '' };
      resource ??= row.fresh ? await world.make(row.uses) : await world.shared(row.uses);
      return resource;
    };
    const base = row.request({ world, res: await resourceNow(), who: caller.who });
    const fields = [
      ...(inputs.body ? freeTextPaths(inputs.body, base.body).map((path) => ({ where: 'body' as const, path })) : []),
      ...Object.entries(inputs.query)
        .filter(([, { schema }]) => freeTextPaths(schema as JsonSchema, undefined).length > 0)
        .map(([name]) => ({ where: 'query' as const, path: [name] })),
    ];
    const accepted: string[] = [];
    for (const { where, path } of fields) {
      for (const text of unstorableText) {
        const parts = row.request({ world, res: await resourceNow(), who: caller.who });
        const body = where === 'body' ? applyBreak(parts.body, { path, label: 'unstorable', value: text }) : parts.body;
        const query = where === 'query' ? { ...parts.query, [path[0]!]: text } : parts.query;
        const cookie = caller.who && (row.spareSession ? (await world.spareSession(caller.who)).cookie : caller.who.cookie);
        const response = await bed.app.inject({
          method: row.method,
          url: urlOf(row.path, { ...parts, query }),
          headers: cookie ? { cookie } : {},
          ...(body === undefined ? {} : { payload: body as object }),
        });
        if (response.statusCode < 400 || response.statusCode >= 500) {
          accepted.push(`${where}.${path.join('.')} = ${JSON.stringify(text)} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
        if (response.statusCode < 400) {
          // It went through: the next try needs a resource in its first state again.
          resource = undefined;
          if (row.uses && RIDE_KINDS.has(row.uses)) await world.sweep();
        }
      }
    }
    // A ride made for this row would keep X busy for the next one.
    if (row.uses && RIDE_KINDS.has(row.uses) && row.fresh) await world.sweep();
    else await settled(bed);
    expect(accepted).toEqual([]);
  }, 120_000);
}
