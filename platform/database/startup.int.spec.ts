import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { findFreePort, startEmbeddedPostgres } from './server.js';
import { waitForDatabase } from './waitForDatabase.js';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A TCP relay on `port` to the test PostgreSQL: the database "comes up" when it starts listening. */
function relayTo(target: URL, port: number): Promise<Server> {
  const relay = createServer((socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  return new Promise((resolve) => relay.listen(port, '127.0.0.1', () => resolve(relay)));
}

describe('start-up waits for a database that is not up yet', () => {
  it('retries a refused connection with backoff, saying what it waits for, and goes on once it answers', async () => {
    const admin = new URL(inject('databaseAdminUrl'));
    const port = await findFreePort();
    const url = new URL(admin);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const said: string[] = [];
    let relay: Server | undefined;
    const waiting = waitForDatabase(url.toString(), { timeoutMs: 20_000, firstDelayMs: 100, onWait: (message) => said.push(message) });
    await new Promise((resolve) => setTimeout(resolve, 700));
    relay = await relayTo(admin, port);
    try {
      await waiting;
      expect(said.length).toBeGreaterThanOrEqual(2);
      expect(said[0]).toMatch(new RegExp(`waiting for PostgreSQL at 127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*\\); trying again in 0\\.1 s`));
      expect(said[1]).toContain('trying again in 0.2 s');
    } finally {
      relay?.close();
    }
  });

  it('retries a server that has no connection to spare ("too many connections", 53300) and goes on once one is freed', async () => {
    const admin = new URL(inject('databaseAdminUrl'));
    const role = `tiyende_full_${process.pid}_${Date.now()}`;
    const password = 'full-server-test';
    const superuser = new pg.Client({ connectionString: admin.toString() });
    await superuser.connect();
    // A role allowed one connection: once it is taken the server refuses the next with 53300
    // too_many_connections, as a server at max_connections does for everyone.
    await superuser.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}' CONNECTION LIMIT 1`);
    const url = new URL(admin);
    url.username = role;
    url.password = password;
    url.pathname = '/postgres';
    const holder = new pg.Client({ connectionString: url.toString() });
    try {
      await holder.connect();
      const said: string[] = [];
      const waiting = waitForDatabase(url.toString(), { timeoutMs: 20_000, firstDelayMs: 100, onWait: (message) => said.push(message) });
      await new Promise((resolve) => setTimeout(resolve, 700));
      await holder.end();
      await waiting;
      expect(said.length).toBeGreaterThanOrEqual(2);
      expect(said[0]).toMatch(/waiting for PostgreSQL at .* \(too many connections for role .*\); trying again in 0\.1 s/);
      expect(said[1]).toContain('trying again in 0.2 s');
    } finally {
      await holder.end().catch(() => {});
      await superuser.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
      await superuser.end();
    }
  });

  it('gives up after its time, naming the server and the last cause', async () => {
    const port = await findFreePort();
    await expect(waitForDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`, { timeoutMs: 600, firstDelayMs: 100 })).rejects.toThrow(
      new RegExp(`PostgreSQL at 127\\.0\\.0\\.1:${port} did not answer within 1 s .*ECONNREFUSED`),
    );
  });

  it('a start-up failure exits non-zero within seconds, naming the cause (never `undefined`)', async () => {
    const port = await findFreePort();
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
      cwd: repositoryRoot,
      env: { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`, DATABASE_WAIT_SECONDS: '1', LOG_LEVEL: 'warn', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(output).toContain(`Tiyende could not start: PostgreSQL at 127.0.0.1:${port} did not answer within 1 s`);
    expect(output).toContain('waiting for PostgreSQL');
    expect(output).not.toMatch(/^undefined$/m);
  }, 30_000);
});

describe('the embedded PostgreSQL', () => {
  it('when its port is taken, says so and starts on a free one within seconds', async () => {
    const squatter = createServer();
    const taken = await findFreePort();
    await new Promise<void>((resolve) => squatter.listen(taken, '127.0.0.1', () => resolve()));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tiyende-port-'));
    const notices: string[] = [];
    const started = Date.now();
    const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: taken, persistent: false, onNotice: (message) => notices.push(message) });
    try {
      expect(server.port).toBeDefined();
      expect(server.port).not.toBe(taken);
      expect(notices).toEqual([expect.stringContaining(`Port ${taken} for the embedded PostgreSQL is taken`)]);
      expect(notices[0]).toContain(`using port ${server.port} instead`);
      const client = new pg.Client({ connectionString: server.adminUrl });
      await client.connect();
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await client.end();
      expect(Date.now() - started).toBeLessThan(60_000);
    } finally {
      await server.stop();
      squatter.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
