import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` passing proves little unless its rules can fail. Given a small project laid out
 * like ours, in which each file below either keeps the rules or breaks exactly one of them, when
 * the project's own .dependency-cruiser.cjs cruises it, then exactly the breaking imports are
 * reported, each under the rule it breaks.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Imports every layer is allowed to make: none of these may be reported. */
const keepsTheRules: Record<string, string> = {
  'domain/shared/money.ts': `export const ngwee = (kwacha: number) => Math.round(kwacha * 100);`,
  'domain/ride/machine.ts': `import { setup } from 'xstate';
import { z } from 'zod';
import { ngwee } from '../shared/money.js';
export const fare = z.number().int().parse(ngwee(12));
export const rideMachine = setup({}).createMachine({});`,
  // Specs sit beside the code and may use test tooling, node builtins and the fixtures in tests/.
  'domain/ride/machine.unit.spec.ts': `import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { adminUrl } from '../../tests/support/helpers.js';
import { rideMachine } from './machine.js';
it('folds', () => fc.assert(fc.property(fc.nat(), () => Boolean(rideMachine && readFileSync && adminUrl))));`,
  'platform/eventStore/store.ts': `import pg from 'pg';
import { ngwee } from '../../domain/shared/money.js';
export const pool = new pg.Pool();
export const minimumFare = ngwee(12);`,
  'commands/ride/requestRide.ts': `import { rideMachine } from '../../domain/ride/machine.js';
import { pool } from '../../platform/eventStore/store.js';
export const requestRide = () => [rideMachine, pool];`,
  'commands/ride/index.ts': `export { requestRide } from './requestRide.js';`,
  // Live delivery consumes events: domain, platform, the accounts face and the stream loaders of commands.
  'live/hub.ts': `import { findUser } from '../accounts/index.js';
import { requestRide } from '../commands/ride/index.js';
import { rideMachine } from '../domain/ride/machine.js';
import { pool } from '../platform/eventStore/store.js';
export const hub = () => [findUser, requestRide, rideMachine, pool];`,
  'live/index.ts': `export { hub } from './hub.js';`,
  // Tools use modules through their faces (an index.ts), like any outsider.
  'tools/demo/seed.ts': `import { findUser } from '../../accounts/index.js';
import { requestRide } from '../../commands/ride/index.js';
import { fare } from '../../domain/ride/machine.js';
export const seed = () => [findUser, requestRide, fare];`,
  'tools/demo/index.ts': `export { seed } from './seed.js';`,
  'tools/simulate/cli.ts': `import { seed } from '../demo/index.js';
export const simulate = () => seed;`,
  'projections/rides/pendingRides.ts': `import { fare } from '../../domain/ride/machine.js';
import { pool } from '../../platform/eventStore/store.js';
export const pendingRides = () => [fare, pool];`,
  'accounts/users.ts': `import type { Kysely } from 'kysely';
import { ngwee } from '../domain/shared/money.js';
import { pool } from '../platform/eventStore/store.js';
export const findUser = (db: Kysely<{ users: { id: string } }>) => [db, ngwee, pool];`,
  'accounts/index.ts': `export { findUser } from './users.js';`,
  'product/supportMessages.ts': `import type { Kysely } from 'kysely';
import { ngwee } from '../domain/shared/money.js';
export const inbox = (db: Kysely<{ support_messages: { id: string } }>) => [db, ngwee];`,
  'product/index.ts': `export { inbox } from './supportMessages.js';`,
  // A type-only import of a devDependency is erased before production runs it.
  'api/arbitraries.ts': `import type { Arbitrary } from 'fast-check';
export type FareArbitrary = Arbitrary<number>;`,
  'api/app.ts': `import Fastify from 'fastify';
import { requestRide } from '../commands/ride/requestRide.js';
import { pendingRides } from '../projections/rides/pendingRides.js';
import { pool } from '../platform/eventStore/store.js';
import { findUser } from '../accounts/index.js';
import { hub } from '../live/index.js';
import { inbox } from '../product/index.js';
import type { FareArbitrary } from './arbitraries.js';
export const app = Fastify();
export const wiring: unknown[] = [requestRide, pendingRides, pool, findUser, hub, inbox, null as FareArbitrary | null];`,
  // Routes pass the database handle on to query functions and services; only those write SQL.
  'platform/database/connect.ts': `import pg from 'pg';
export const connect = () => new pg.Pool();`,
  'api/services/database.ts': `import type { Kysely } from 'kysely';
import { connect } from '../../platform/database/connect.js';
export type SharedDatabase = Kysely<{ rides: { id: string } }>;
export const open = connect;`,
  'api/routes/rides/reads.ts': `import { pendingRides } from '../../../projections/rides/pendingRides.js';
import type { SharedDatabase } from '../../services/database.js';
export const list = (db: SharedDatabase) => [db, pendingRides];`,
  // The wire's shapes: domain and zod only; api/ and web/ both import them.
  'contract/rides.ts': `import { z } from 'zod';
import { fare } from '../domain/ride/machine.js';
export const RideAnswer = z.object({ fare: z.literal(fare) });`,
  'web/src/rideStatus.ts': `import { rideMachine } from '../../domain/ride/machine.js';
import type { RideAnswer } from '../../contract/rides.js';
export const status = rideMachine.id;
export type Answer = typeof RideAnswer;`,
  'web/vite.config.ts': `import { defineConfig } from 'vite';
export default defineConfig({});`,
  'tests/support/helpers.ts': `import { inject } from 'vitest';
export const adminUrl = () => inject('databaseAdminUrl' as never);`,
};

/** Each file breaks the rule it is listed under, through the import named. */
const breaksTheRules: Record<string, Record<string, { imports: string; source: string }>> = {
  'domain-is-pure': {
    'domain/ride/clock.ts': { imports: 'fs', source: `import { statSync } from 'node:fs';\nexport const t = statSync;` },
    'domain/ride/persistence.ts': { imports: 'pg', source: `import pg from 'pg';\nexport const p = pg;` },
    'domain/ride/leak.ts': {
      imports: 'platform/eventStore/store.ts',
      source: `import type { pool } from '../../platform/eventStore/store.js';\nexport type P = typeof pool;`,
    },
  },
  'contract-is-wire-shapes': {
    'contract/readsTheStore.ts': {
      imports: 'platform/eventStore/store.ts',
      source: `import { pool } from '../platform/eventStore/store.js';\nexport const p = pool;`,
    },
    'contract/usesTheApi.ts': {
      imports: 'api/app.ts',
      source: `import { app } from '../api/app.js';\nexport const a = app;`,
    },
  },
  'platform-is-infrastructure': {
    'platform/eventStore/callsBack.ts': {
      imports: 'commands/ride/requestRide.ts',
      source: `import { requestRide } from '../../commands/ride/requestRide.js';\nexport const r = requestRide;`,
    },
    'platform/eventStore/knowsUsers.ts': {
      imports: 'accounts/index.ts',
      source: `import { findUser } from '../../accounts/index.js';\nexport const f = findUser;`,
    },
  },
  'table-modules-stand-alone': {
    'accounts/signsUpRiders.ts': {
      imports: 'commands/ride/requestRide.ts',
      source: `import { requestRide } from '../commands/ride/requestRide.js';\nexport const r = requestRide;`,
    },
    'product/knowsAccounts.ts': {
      imports: 'accounts/index.ts',
      source: `import { findUser } from '../accounts/index.js';\nexport const f = findUser;`,
    },
  },
  'modules-through-their-faces': {
    'api/readsUsersTable.ts': {
      imports: 'accounts/users.ts',
      source: `import { findUser } from '../accounts/users.js';\nexport const f = findUser;`,
    },
    'api/bypassesHub.ts': {
      imports: 'live/hub.ts',
      source: `import { hub } from '../live/hub.js';\nexport const h = hub;`,
    },
    'api/readsInbox.ts': {
      imports: 'product/supportMessages.ts',
      source: `import { inbox } from '../product/supportMessages.js';\nexport const i = inbox;`,
    },
  },
  'commands-stay-on-the-write-side': {
    'commands/ride/readsModel.ts': {
      imports: 'projections/rides/pendingRides.ts',
      source: `import { pendingRides } from '../../projections/rides/pendingRides.js';\nexport const r = pendingRides;`,
    },
  },
  'projections-stay-on-the-read-side': {
    'projections/rides/issuesCommand.ts': {
      imports: 'commands/ride/requestRide.ts',
      source: `import { requestRide } from '../../commands/ride/requestRide.js';\nexport const r = requestRide;`,
    },
    'projections/rides/namesRiders.ts': {
      imports: 'accounts/index.ts',
      source: `import { findUser } from '../../accounts/index.js';\nexport const f = findUser;`,
    },
  },
  'live-is-a-consumer': {
    'live/readsModel.ts': {
      imports: 'projections/rides/pendingRides.ts',
      source: `import { pendingRides } from '../projections/rides/pendingRides.js';\nexport const p = pendingRides;`,
    },
    'live/reachesIntoCommands.ts': {
      imports: 'commands/ride/requestRide.ts',
      source: `import { requestRide } from '../commands/ride/requestRide.js';\nexport const r = requestRide;`,
    },
  },
  'tools-use-public-faces': {
    'tools/simulate/reachesIn.ts': {
      imports: 'commands/ride/requestRide.ts',
      source: `import { requestRide } from '../../commands/ride/requestRide.js';\nexport const r = requestRide;`,
    },
    'tools/simulate/wiresTheApp.ts': {
      imports: 'api/app.ts',
      source: `import { app } from '../../api/app.js';\nexport const a = app;`,
    },
  },
  'production-code-never-imports-tools': {
    'commands/ride/seedsDemo.ts': {
      imports: 'tools/demo/index.ts',
      source: `import { seed } from '../../tools/demo/index.js';\nexport const s = seed;`,
    },
  },
  'the-server-takes-only-the-demo-seed': {
    // Seeding demo data on start is allowed; the simulator is not.
    'api/server.ts': {
      imports: 'tools/simulate/cli.ts',
      source: `import { seed } from '../tools/demo/index.js';
import { simulate } from '../tools/simulate/cli.js';
export const start = () => [seed, simulate];`,
    },
  },
  'production-code-never-imports-tests': {
    'commands/ride/usesFixture.ts': {
      imports: 'tests/support/helpers.ts',
      source: `import type { adminUrl } from '../../tests/support/helpers.js';\nexport type A = typeof adminUrl;`,
    },
  },
  'routes-call-services': {
    'api/routes/rides/writesSql.ts': {
      imports: 'kysely',
      source: `import { sql } from 'kysely';\nexport const count = sql\`select count(*) from rm_rides\`;`,
    },
    'api/routes/admin/opensDatabase.ts': {
      imports: 'platform/database/connect.ts',
      source: `import { connect } from '../../../platform/database/connect.js';\nexport const c = connect;`,
    },
  },
  'web-talks-http-only': {
    'web/src/bypassesHttp.ts': {
      imports: 'platform/eventStore/store.ts',
      source: `import { pool } from '../../platform/eventStore/store.js';\nexport const p = pool;`,
    },
  },
  'not-to-dev-dep': {
    'api/randomFare.ts': { imports: 'fast-check', source: `import fc from 'fast-check';\nexport const f = fc.nat();` },
  },
  'no-non-package-json': {
    // Installed only because pg depends on it: production could lose it with any pg upgrade.
    'api/wireProtocol.ts': { imports: 'pg-protocol', source: `import { parse } from 'pg-protocol';\nexport const p = parse;` },
  },
  'not-to-unresolvable': {
    'api/typo.ts': { imports: './reoutes.js', source: `import { routes } from './reoutes.js';\nexport const r = routes;` },
  },
};

/** Two commands that import each other: one cycle, reported once, whichever file it starts from. */
const cycle: Record<string, string> = {
  'commands/ride/chicken.ts': `import { egg } from './egg.js';\nexport const chicken = () => egg;`,
  'commands/ride/egg.ts': `import { chicken } from './chicken.js';\nexport const egg = () => chicken;`,
};

interface Reported {
  rule: string;
  from: string;
  to: string;
  cycle: string[];
}

let project: string;
let reported: Reported[];

beforeAll(async () => {
  project = mkdtempSync(path.join(tmpdir(), 'tiyende-lint-'));
  const files = { ...keepsTheRules, ...cycle };
  for (const violations of Object.values(breaksTheRules)) {
    for (const [file, { source }] of Object.entries(violations)) files[file] = source;
  }
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.join(project, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(project, file), `${source}\n`);
  }
  // The project's own manifest decides what counts as a dependency or a devDependency.
  copyFileSync(path.join(repoRoot, 'package.json'), path.join(project, 'package.json'));
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(project, 'node_modules'), 'dir');

  const options = await extractDepcruiseOptions(path.join(repoRoot, '.dependency-cruiser.cjs'));
  const { output } = await cruise(
    ['.'],
    { ...options, baseDir: project, outputType: 'json' },
    {},
    { tsConfig: extractTSConfig(path.join(repoRoot, 'tsconfig.json')) },
  );
  const result = JSON.parse(String(output)) as ICruiseResult;
  reported = result.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    from: violation.from,
    to: violation.to,
    cycle: (violation.cycle ?? []).map((step) => step.name),
  }));
}, 60_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Packages resolve through the symlinked node_modules to a machine-dependent path: keep the name. */
function target(to: string): string {
  const inPackage = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(to);
  return inPackage?.[1] ?? to.replace(/^node:/, '');
}

describe('the dependency rules in .dependency-cruiser.cjs', () => {
  it.each(Object.entries(breaksTheRules))('%s fires on each import that breaks it', (rule, violations) => {
    const expected = Object.entries(violations).map(([from, { imports }]) => ({ from, to: imports }));
    const actual = reported.filter((r) => r.rule === rule).map(({ from, to }) => ({ from, to: target(to) }));
    expect(actual).toEqual(expect.arrayContaining(expected));
    expect(actual).toHaveLength(expected.length);
  });

  it('no-circular fires on a cycle, naming every file in it', () => {
    const circular = reported.filter((r) => r.rule === 'no-circular');
    expect(circular).toHaveLength(1);
    const [report] = circular;
    expect(new Set([report?.from, ...(report?.cycle ?? [])])).toEqual(new Set(Object.keys(cycle)));
  });

  it('reports nothing for the imports each layer is allowed to make', () => {
    const breaking = new Set([
      ...Object.values(breaksTheRules).flatMap((violations) => Object.keys(violations)),
      ...Object.keys(cycle),
    ]);
    expect(reported.filter((r) => !breaking.has(r.from))).toEqual([]);
  });

  it('has a breaking example for every rule it declares', async () => {
    const options = await extractDepcruiseOptions(path.join(repoRoot, '.dependency-cruiser.cjs'));
    const declared = (options.ruleSet?.forbidden ?? []).map((rule) => rule.name);
    expect(declared.sort()).toEqual([...Object.keys(breaksTheRules), 'no-circular'].sort());
    expect(options.ruleSet?.forbidden?.every((rule) => rule.severity === 'error')).toBe(true);
  });
});
