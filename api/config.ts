import { z } from 'zod';

const Config = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Any PostgreSQL ≥ 13; without it an embedded PostgreSQL runs from node_modules in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** The database Tiyende creates and uses on that server. */
  DATABASE_NAME: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('tiyende'),
  /** An EventStoreDB connection string (esdb://…) selects the EventStoreDB adapter. */
  EVENTSTORE_URL: z.string().startsWith('esdb').optional(),
  DATA_DIR: z.string().default('.data'),
  /** Port of the embedded PostgreSQL (0 = any free one). */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(54329),
});

export type Config = z.infer<typeof Config>;

/** Reads the environment once, at start-up; a bad value stops the process naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Config.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
