/**
 * Whether a start seeds the demo accounts: `DEMO_DATA=on|off`. Unset, it is on everywhere except
 * production, where a known password and authenticator secret must never exist unless someone
 * asks for them in so many words.
 */
export function demoDataWanted(env: { DEMO_DATA?: string | undefined; NODE_ENV?: string | undefined }): boolean {
  const value = env.DEMO_DATA?.trim().toLowerCase();
  if (value === undefined || value === '') return env.NODE_ENV !== 'production';
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`Invalid configuration:\n  DEMO_DATA: must be on or off (was ${JSON.stringify(env.DEMO_DATA)})`);
}
