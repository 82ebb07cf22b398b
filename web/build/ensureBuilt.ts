/**
 * Builds the web app when web/dist is missing or older than its sources (web/, domain/, contract/), so the
 * README's `npm start` serves the current app on a fresh clone and costs nothing when it is
 * already built. `npm run build:web` always builds.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const builtIndex = path.join(root, 'web/dist/index.html');

function newestSourceMtime(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'dist' || entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['web', 'domain', 'contract']) walk(path.join(root, dir));
  return newest;
}

export async function ensureWebBuilt(log: (message: string) => void = console.log): Promise<'built' | 'fresh'> {
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= newestSourceMtime()) return 'fresh';
  log('Building the web app (web/dist)…');
  const { build } = await import('vite');
  // Always a production build. The mode alone is not enough: Vite keeps a NODE_ENV already set
  // (vitest sets `test`), which gives React's development output and `import.meta.env.PROD` false.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(root, 'web/vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return 'built';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await ensureWebBuilt();
}
