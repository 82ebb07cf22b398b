/**
 * Tiyende's dependency rules, checked by `npm run lint` and proven to fire by
 * tests/lint/boundaries.unit.spec.ts. Paths are relative to the repository root.
 *
 * Dependencies point inward to `domain`; `api` is the only layer that wires the others together.
 * The layer rules bind production code; spec files (`*.spec.ts`) are consumers that may wire
 * whatever they test (a domain spec imports vitest and fast-check).
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
      name: 'platform-is-infrastructure',
      severity: 'error',
      comment:
        'platform/ (event store adapters, database) is infrastructure the layers use; it must not ' +
        'import commands/, projections/, api/ or web/.',
      from: { path: '^platform/', pathNot: SPEC },
      to: { path: '^(commands|projections|api|web)/' },
    },
    {
      name: 'commands-stay-on-the-write-side',
      severity: 'error',
      comment:
        'commands/ must not import read models, api/ or web/. Its reactors (process managers) run on ' +
        'the projection runner, so projections/runner/ — the checkpointed-subscription engine — is the one exception.',
      from: { path: '^commands/', pathNot: SPEC },
      to: { path: '^(projections/(?!runner/)|api/|web/)' },
    },
    {
      name: 'projections-stay-on-the-read-side',
      severity: 'error',
      comment: 'projections/ must not import commands/, api/ or web/: read models are built from events only.',
      from: { path: '^projections/', pathNot: SPEC },
      to: { path: '^(commands|api|web)/' },
    },
    {
      name: 'web-talks-http-only',
      severity: 'error',
      comment:
        'web/ may share domain/ (the same machines fold events on both sides) but reaches the ' +
        'server only over HTTP and ws: no commands/, projections/, api/ or platform/.',
      from: { path: '^web/', pathNot: SPEC },
      to: { path: '^(commands|projections|api|platform)/' },
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
