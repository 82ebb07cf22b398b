import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { findFreePort } from '../../../platform/database/server.js';
import { ensureWebBuilt } from '../../../web/build/ensureBuilt.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Builds the web app, then starts the server as a newcomer does (`npm start`) on a free port with
 * a throw-away data folder (embedded PostgreSQL, or DATABASE_URL with a database of its own).
 * TIYENDE_E2E_BASE_URL points the tests at a server already running instead.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TIYENDE_E2E_BASE_URL;
  if (given) {
    project.provide('e2eBaseUrl', given.replace(/\/$/, ''));
    return;
  }
  await ensureWebBuilt();
  const server = await startServer();
  project.provide('e2eBaseUrl', server.baseUrl);
  return server.stop;
}

async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tiyende-e2e-'));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as the `postgres` user when we are root
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: '0',
    LOG_LEVEL: 'warn',
    DATABASE_NAME: `tiyende_e2e_${process.pid}`,
  };
  delete env.EVENTSTORE_URL;
  delete env.TIYENDE_E2E_BASE_URL;
  const child = spawn('npm', ['start', '--silent'], { cwd: repositoryRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    stopGroup(child);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
    clearTimeout(timer);
    child.stdout!.destroy();
    child.stderr!.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${baseUrl}/health`, 60_000, child);
    const page = await (await fetch(`${baseUrl}/`)).text();
    if (!page.includes('<div id="root">')) {
      throw new Error('The server does not serve the web app at /: api/app.ts must register api/routes/web.ts (webRoutes).');
    }
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return { baseUrl, stop };
}

function stopGroup(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

async function waitFor(url: string, timeoutMs: number, child: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
  }
}
