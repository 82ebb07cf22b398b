/**
 * The rule for ids that end up in stream names (`ride-<id>`, `driver-<id>`): the store's id
 * alphabet and length. Plain code, so the web's route matching checks it without zod;
 * entityId.ts turns the same rule into the schema commands and the wire use.
 */
export const ENTITY_ID_MAX_LENGTH = 100;
export const ENTITY_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

/** The id as the store would take it (trimmed), or undefined when it could never be one. */
export function asEntityId(value: string): string | undefined {
  const id = value.trim();
  return id.length >= 1 && id.length <= ENTITY_ID_MAX_LENGTH && ENTITY_ID_PATTERN.test(id) ? id : undefined;
}
