/**
 * Tiyende's dependency rules, checked by `npm run lint` and proven to fire by
 * tests/lint/boundaries.unit.spec.ts. Paths are relative to the repository root.
 *
 * Dependencies point inward to `domain`; `api` is the only layer that wires the others together.
 * Beside the layers (domain, platform, commands, projections) stand modules with a face of their
 * own: accounts/ and product/ (ordinary tables), live/ (ws delivery, a consumer of events); tools/
 * (simulator, demo data) use the app from outside. The layer rules bind production code; spec
 * files (`*.spec.ts`) are consumers that may wire whatever they test (a domain spec imports vitest
 * and fast-check), and tests/ may import anything.
 */

const SPEC = '\\.spec\\.tsx?$';
const TOOL_CONFIG = '(^|/)[^/]+\\.config\\.[cm]?[jt]s$'; // vite.config.ts, vitest.config.ts

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'domain/ is pure: it may import domain/ itself, xstate and zod, nothing else (no node ' +
        'builtins, no I/O packages, no other layer). Time, ids and randomness arrive through deps.',
      from: { path: '^domain/', pathNot: SPEC },
      to: { pathNot: ['^domain/', '(^|/)node_modules/(xstate|zod)/'] },
    },
    {
      name: 'contract-is-wire-shapes',
      severity: 'error',
      comment:
        'contract/ holds the shapes on the wire (zod schemas of HTTP bodies, answers and ws messages), ' +
        'shared by api/ and web/: it may import domain/ and zod, nothing else.',
      from: { path: '^contract/', pathNot: SPEC },
      to: { pathNot: ['^(contract|domain)/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'platform-is-infrastructure',
      severity: 'error',
      comment:
        'platform/ (event store adapters, database, clock) is infrastructure the layers use; it must not ' +
        'import commands/, projections/, accounts/, product/, live/, api/ or web/.',
      from: { path: '^platform/', pathNot: SPEC },
      to: { path: '^(commands|projections|accounts|product|live|api|web)/' },
    },
    {
      name: 'commands-stay-on-the-write-side',
      severity: 'error',
      comment:
        'commands/ must not import read models, accounts/, product/, live/, api/ or web/. Its reactors ' +
        '(process managers) run on the projection runner, so projections/runner/ — the ' +
        'checkpointed-subscription engine — is the one exception.',
      from: { path: '^commands/', pathNot: SPEC },
      to: { path: '^(projections/(?!runner/)|accounts/|product/|live/|api/|web/)' },
    },
    {
      name: 'projections-stay-on-the-read-side',
      severity: 'error',
      comment:
        'projections/ must not import commands/, accounts/, product/, live/, api/ or web/: read models ' +
        'are built from events only.',
      from: { path: '^projections/', pathNot: SPEC },
      to: { path: '^(commands|accounts|product|live|api|web)/' },
    },
    {
      name: 'table-modules-stand-alone',
      severity: 'error',
      comment:
        'accounts/ (users, sessions, MFA, rate limits) and product/ (support messages, admin audit log, ' +
        'saved payment methods) are ordinary tables, not events: each stands on domain/, platform/ and ' +
        'packages only. The app wires them in, never the other way round, and neither knows the other.',
      from: { path: '^(accounts|product)/', pathNot: SPEC },
      to: { path: '^(commands|projections|accounts|product|live|api|web|tools)/', pathNot: '^$1/' },
    },
    {
      name: 'live-is-a-consumer',
      severity: 'error',
      comment:
        'live/ (ws delivery) consumes events beside the projections: it stands on domain/, platform/, ' +
        "the accounts face and the write side's stream loaders (commands' index.ts files), never on " +
        'api/, web/, tools/, product/ or read models.',
      from: { path: '^live/', pathNot: SPEC },
      to: {
        path: '^(api|web|tools|product|projections|commands)/',
        pathNot: ['^commands/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'modules-through-their-faces',
      severity: 'error',
      comment:
        'Outside accounts/, live/ and product/, import only their index.ts: their tables, flows, hub ' +
        'and caches stay their own business, so they can change without touching who uses them.',
      from: { path: '^([^/]+)/' },
      to: { path: '^(accounts|live|product)/', pathNot: ['^$1/', '^(accounts|live|product)/index\\.ts$'] },
    },
    {
      name: 'tools-use-public-faces',
      severity: 'error',
      comment:
        'tools/ (the simulator, demo data, CLIs) use the app as an outsider would: over the HTTP API, ' +
        "or through a module's face (an index.ts in accounts/, product/, commands/, projections/); never " +
        "api/ or web/, never a module's insides. domain/ and platform/ are open to them as to everyone.",
      from: { path: '^tools/', pathNot: SPEC },
      to: {
        path: '^(api|web|accounts|product|commands|projections)/',
        pathNot: [
          '^(accounts|product|commands|projections)/index\\.ts$',
          '^(commands|projections)/[^/]+/index\\.ts$',
          '^projections/[^/]+/[^/]+/index\\.ts$',
        ],
      },
    },
    {
      name: 'production-code-never-imports-tools',
      severity: 'error',
      comment:
        'Nothing the app runs depends on tools/. The one exception is api/server.ts, which seeds the ' +
        'demo data on start (see the-server-takes-only-the-demo-seed).',
      from: { pathNot: ['^tools/', '^tests/', SPEC, '^api/server\\.ts$'] },
      to: { path: '^tools/' },
    },
    {
      name: 'the-server-takes-only-the-demo-seed',
      severity: 'error',
      comment: 'api/server.ts may import tools/demo/index.ts (seeding demo data on start, DEMO_DATA), nothing else of tools/.',
      from: { path: '^api/server\\.ts$' },
      to: { path: '^tools/', pathNot: '^tools/demo/index\\.ts$' },
    },
    {
      name: 'production-code-never-imports-tests',
      severity: 'error',
      comment:
        "Fixtures (the specs' named people and ready-made histories, tests/support/fixtures), test " +
        'beds and helpers live in tests/; nothing the app runs may import them. Specs anywhere may.',
      from: { pathNot: [SPEC, '^tests/', TOOL_CONFIG] },
      to: { path: '^tests/' },
    },
    {
      name: 'routes-call-services',
      comment:
        'api/routes/ (HTTP handlers) parse, authorize and answer; they never write SQL. Reads go through ' +
        "the modules' typed query functions (projections/*/queries, accounts/, product/, commands/dispatch), " +
        'changes that span modules through api/services/. So a route imports neither kysely (not even its ' +
        'types: it passes the SharedDatabase handle on) nor platform/database.',
      severity: 'error',
      from: { path: '^api/routes/', pathNot: SPEC },
      to: { path: ['(^|/)node_modules/kysely/', '^platform/database/'] },
    },
    {
      name: 'web-talks-http-only',
      severity: 'error',
      comment:
        'web/ may share domain/ (the same machines fold events on both sides) but reaches the server ' +
        'only over HTTP and ws: no commands/, projections/, accounts/, product/, live/, api/ or platform/.',
      from: { path: '^web/', pathNot: SPEC },
      to: { path: '^(commands|projections|accounts|product|live|api|platform)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Circular imports hide the direction of a dependency; break the cycle (move the shared part down).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-dev-dep',
      severity: 'error',
      comment:
        'Production code must not import a devDependency (it is not installed in a production ' +
        'image). Tests (*.spec.ts, tests/) and tool configs may.',
      from: { pathNot: [SPEC, '^tests/', TOOL_CONFIG] },
      to: {
        dependencyTypes: ['npm-dev'],
        // A type-only import is erased at compile time and never loaded in production.
        dependencyTypesNot: ['type-only'],
        pathNot: ['(^|/)node_modules/@types/'],
      },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment: 'An imported package must be declared in package.json, not arrive by chance through another one.',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'Every import must resolve to a file. This also guards the rules above: an import that ' +
        'does not resolve could not be matched against them.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Anchored at the root: an unanchored `dist/` would also drop packages' own dist folders.
    exclude: { path: '^(\\.data|\\.git|dist|coverage|test-results|web/dist)/' },
    moduleSystems: ['es6', 'cjs'],
    // Count `import type` too: a type-only import of another layer is still a dependency on it.
    tsPreCompilationDeps: true,
    // Our imports end in `.js` and resolve to `.ts` files (dependency-cruiser falls back to .ts/.tsx
    // when the .js file does not exist); tsconfig.json gives the compiler options.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
