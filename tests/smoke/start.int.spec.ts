import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { findFreePort } from '../../platform/database/server.js';
import { ensureWebBuilt } from '../../web/build/ensureBuilt.js';

// `npm start` builds the web app first when web/dist is missing or stale (a fresh clone): that
// build (Vite, the service worker, the icons) takes a minute or more on a loaded two-core
// machine, so it happens here, under its own deadline, and the start below finds it fresh.
beforeAll(async () => {
  await ensureWebBuilt(() => {});
}, 300_000);

/**
 * The README's start command, as a newcomer runs it: no DATABASE_URL, so the server starts its
 * own embedded PostgreSQL, migrates, and answers on its port.
 */
it('npm start serves the page and a healthy /health on embedded PostgreSQL, and stops cleanly', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tiyende-start-'));
  chmodSync(dataDir, 0o755);
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.EVENTSTORE_URL;
  const server = spawn('npm', ['start', '--silent'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  try {
    const health = await poll(`http://127.0.0.1:${port}/health`, 45_000).catch((error: unknown) => {
      throw new Error(`npm start did not answer on /health within 45 s; it printed:\n${output}`, { cause: error });
    });
    expect(health.status, output).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { ok: true, kind: 'embedded' }, eventStore: { adapter: 'postgres' } });
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(await page.text()).toContain('Tiyende');
  } finally {
    process.kill(-server.pid!, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);

async function poll(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
