import { z } from 'zod';

const Config = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Any PostgreSQL ≥ 13; without it an embedded PostgreSQL runs from node_modules in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** How long start-up waits for a PostgreSQL that refuses connections (starting, full) before giving up. */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** The database Tiyende creates and uses on that server. */
  DATABASE_NAME: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('tiyende'),
  /** An EventStoreDB connection string (esdb://…) selects the EventStoreDB adapter. */
  EVENTSTORE_URL: z.string().startsWith('esdb').optional(),
  DATA_DIR: z.string().default('.data'),
  /**
   * Where the projections, reactors, timers and the payment collector's loop run: `worker`, a child
   * process of the API's (restarted alone if it dies), or `inline`, in the API's own process.
   */
  READ_SIDE: z.enum(['worker', 'inline']).default('worker'),
  /** Port of the embedded PostgreSQL (0 = any free one). */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(54329),

  /** Online map tiles (`https://tile.example/{z}/{x}/{y}.png`) for the web map; unset, the map is the offline basemap only. */
  TILE_URL: z.string().regex(/^https?:\/\/[^/]+\//, 'must be an http(s) URL template such as https://tile.example/{z}/{x}/{y}.png').optional(),
  /** The attribution the tile provider asks for, shown on the map. */
  TILE_ATTRIBUTION: z.string().optional(),
  /** Where people reach Tiyende (`https://tiyende.example`): provider sign-in callbacks are built from it. */
  PUBLIC_URL: z.string().url().optional(),
  /** Trust X-Forwarded-For from this many proxies in front (Caddy in production: 1). Rate limits count per client IP. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(5).default(0),
  /**
   * Keys the HMAC of stored one-time codes and signs the provider sign-in cookie; every replica
   * needs the same one. Required in production; elsewhere a random one is made at start-up.
   */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Keys share links' tokens (HMAC-SHA256 of the share's id): every replica needs the same one, and
   * changing it closes every link at once. Required in production; elsewhere a random one is made at start-up.
   */
  TRIP_SHARE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** One-time codes by e-mail: nodemailer's connection URL (`smtp://user:pass@host:587`). */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('Tiyende <no-reply@tiyende.app>'),
  /** One-time codes by SMS: an HTTP gateway taking `POST { to, message }` with a bearer token. */
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** Google sign-in (OpenID Connect); without both, /api/auth/google answers google_auth_failed. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  /** Sign in with Apple: the Services ID, the team, and the key (.p8 PEM) that signs client secrets. */
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  APPLE_PRIVATE_KEY: z.string().optional(),
  APPLE_ISSUER: z.string().url().default('https://appleid.apple.com'),
}).superRefine((config, context) => {
  const need = (present: boolean, path: string, message: string) => {
    if (!present) context.addIssue({ code: 'custom', path: [path], message });
  };
  if (config.NODE_ENV === 'production') {
    need(Boolean(config.SESSION_SECRET), 'SESSION_SECRET', 'is required in production (32 or more random characters)');
    need(Boolean(config.TRIP_SHARE_SECRET), 'TRIP_SHARE_SECRET', 'is required in production (32 or more random characters)');
  }
  if (config.SMS_GATEWAY_URL) need(Boolean(config.SMS_GATEWAY_TOKEN), 'SMS_GATEWAY_TOKEN', 'is required with SMS_GATEWAY_URL');
  if (config.GOOGLE_CLIENT_ID) need(Boolean(config.GOOGLE_CLIENT_SECRET), 'GOOGLE_CLIENT_SECRET', 'is required with GOOGLE_CLIENT_ID');
  if (config.APPLE_CLIENT_ID) {
    for (const name of ['APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'] as const) {
      need(Boolean(config[name]), name, 'is required with APPLE_CLIENT_ID');
    }
  }
  if ((config.GOOGLE_CLIENT_ID || config.APPLE_CLIENT_ID) && config.NODE_ENV === 'production') {
    need(Boolean(config.PUBLIC_URL), 'PUBLIC_URL', 'is required for Google or Apple sign-in (their callbacks are built from it)');
  }
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
