import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import { request } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { embeddedAdminUrl, findFreePort, withDatabase } from '../../../platform/database/server.js';
import { ensureWebBuilt } from '../../../web/build/ensureBuilt.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoAdmin } from '../../../tools/demo/roster.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Builds the web app, then starts the server as a newcomer does (`npm start`) on a free port with
 * a throw-away data folder (embedded PostgreSQL, or DATABASE_URL with a database of its own).
 * TIYENDE_E2E_BASE_URL points the tests at a server already running instead.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TIYENDE_E2E_BASE_URL;
  if (given) {
    const baseUrl = given.replace(/\/$/, '');
    project.provide('e2eBaseUrl', baseUrl);
    project.provide('e2eDatabaseUrl', process.env.TIYENDE_E2E_DATABASE_URL ?? '');
    project.provide('e2eAdminCookies', await signInDemoAdmin(baseUrl));
    return;
  }
  await ensureWebBuilt();
  const server = await startServer();
  project.provide('e2eBaseUrl', server.baseUrl);
  project.provide('e2eDatabaseUrl', server.databaseUrl);
  try {
    project.provide('e2eAdminCookies', await signInDemoAdmin(server.baseUrl));
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server.stop;
}

/**
 * Signs the demo admin in once, for every file to share the session (see signInAdmin). An
 * authenticator code is accepted once, so files that each signed in competed for the 30 s
 * windows and waited for the next (up to half a minute per sign-in, a test timing out in CI).
 */
async function signInDemoAdmin(baseUrl: string): Promise<AdminCookie[]> {
  const api = await request.newContext({ baseURL: baseUrl });
  try {
    const login = await api.post('/api/auth/admin-login', { data: { email: demoAdmin.email, password: DEMO_PASSWORD } });
    if (!login.ok()) {
      throw new Error(`The demo admin could not sign in (${login.status()}: ${await login.text()}); the e2e server must seed demo data (DEMO_DATA unset or on).`);
    }
    const { userId } = (await login.json()) as { userId: string };
    const code = (at: number) => TOTP.generate({ secret: Secret.fromBase32(DEMO_TOTP_SECRET), timestamp: at });
    // The next window's code too: a server given TIYENDE_E2E_BASE_URL may have taken this one.
    for (const at of [Date.now(), Date.now() + 30_000]) {
      const verified = await api.post('/api/auth/verify-mfa', { data: { userId, code: code(at) } });
      if (verified.ok()) return (await api.storageState()).cookies.map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }) => ({ name, value, domain, path, expires, httpOnly, secure, sameSite }));
      if (verified.status() !== 401) throw new Error(`The demo admin's code answered ${verified.status()}: ${await verified.text()}`);
    }
    throw new Error('The demo admin’s authenticator codes were refused: is another run signing in as the demo admin?');
  } finally {
    await api.dispose();
  }
}

/** A cookie as BrowserContext.addCookies takes it. */
export interface AdminCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tiyende-e2e-'));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as the `postgres` user when we are root
  const port = await findFreePort();
  // The embedded PostgreSQL's port chosen here, so the tests know where the server's database is.
  const databasePort = await findFreePort();
  const databaseName = `tiyende_e2e_${process.pid}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(databasePort),
    LOG_LEVEL: 'warn',
    DATABASE_NAME: databaseName,
  };
  const databaseUrl = withDatabase(process.env.DATABASE_URL ?? embeddedAdminUrl(databasePort), databaseName);
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
    // A loaded machine (CI, or several runs on two cores) may take longer than a minute.
    await waitFor(`${baseUrl}/health`, 120_000, child);
    const page = await (await fetch(`${baseUrl}/`)).text();
    if (!page.includes('<div id="root">')) {
      throw new Error('The server does not serve the web app at /: api/app.ts must register api/routes/web.ts (webRoutes).');
    }
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return { baseUrl, databaseUrl, stop };
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
    /**
     * The server's own database (its event store and tables), for a test that runs a command the
     * server's background processes would (tests/e2e/support/writeSide.ts); '' when
     * TIYENDE_E2E_BASE_URL names a server without TIYENDE_E2E_DATABASE_URL.
     */
    e2eDatabaseUrl: string;
    /** The demo admin's session, signed in once by the global setup. */
    e2eAdminCookies: AdminCookie[];
  }
}
