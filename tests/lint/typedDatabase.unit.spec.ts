import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every database handle is typed with its module's tables (`Kysely<AccountsDatabase>`, the app's
 * `SharedDatabase`…). Only migrations see an untyped schema: they are frozen in time, as Kysely's
 * migrations are, and take `Kysely<any>` in their `up` and `down`. Given the repository's sources,
 * when each line is checked, then no other line opens, takes or defines an untyped handle.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');
const ANY = '<' + 'any>';
const UNTYPED = new RegExp(`\\b(Kysely|Transaction|createKysely|defineProjection)${ANY}`);
const MIGRATION_STEP = new RegExp(`^\\s*async (up|down)\\(db: Kysely${ANY}\\)`);

interface Untyped {
  file: string;
  line: number;
  text: string;
}

const COMMENT = /^\s*(\/\/|\/\*|\*)/;

/** The lines of `source` (comments aside) that use an untyped handle other than as a migration step's parameter. */
function untypedHandles(file: string, source: string): Untyped[] {
  return source
    .split('\n')
    .flatMap((text, index) => (UNTYPED.test(text) && !MIGRATION_STEP.test(text) && !COMMENT.test(text) ? [{ file, line: index + 1, text: text.trim() }] : []));
}

function trackedSources(): string[] {
  const listed = execFileSync('git', ['ls-files', '--', '*.ts', '*.tsx'], { cwd: repoRoot, encoding: 'utf8' });
  return listed.split('\n').filter((file) => file !== '' && !file.startsWith('node_modules/'));
}

describe('typed database handles', () => {
  it('the check finds an untyped handle, and lets a migration step through', () => {
    const source = [
      'export const db = createKysely' + ANY + '(pool);',
      'export type Shared = Kysely' + ANY + ';',
      '  async up(db: Kysely' + ANY + ') {',
      ' * a comment may name Kysely' + ANY + '',
      "  await trx.selectFrom('rm_rides');",
    ].join('\n');

    expect(untypedHandles('example.ts', source)).toEqual([
      { file: 'example.ts', line: 1, text: 'export const db = createKysely' + ANY + '(pool);' },
      { file: 'example.ts', line: 2, text: 'export type Shared = Kysely' + ANY + ';' },
    ]);
  });

  it('no source outside migrations uses an untyped handle', () => {
    const files = trackedSources();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => untypedHandles(file, readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
