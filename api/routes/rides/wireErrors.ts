import { DomainError } from '../../../domain/shared/index.js';
import { zmwOf } from '../../../contract/money.js';

/**
 * The write side names fields as its commands do (`proposedFareNgwee`, `pickup`); a client sent
 * the spec's names (`proposedFare` in ZMW, `pickupLocation`). A refusal about one of those fields
 * is re-worded in the client's terms, amounts in ZMW, so the screen can put it next to the input.
 */
export type WireNames = Readonly<Record<string, string>>;

export async function inWireTerms<T>(work: Promise<T>, names: WireNames): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw error instanceof DomainError ? reworded(error, names) : error;
  }
}

function reworded(error: DomainError, names: WireNames): DomainError {
  const field = fieldOf(error);
  const [root, ...rest] = field?.split('.') ?? [];
  const wire = root !== undefined && Object.hasOwn(names, root) ? names[root] : undefined;
  if (!field || !wire) return error;
  const wireField = [wire, ...rest].join('.');
  const { floorNgwee, ceilingNgwee } = error.details as { floorNgwee?: number; ceilingNgwee?: number };
  let message = error.message.startsWith(field) ? wireField + error.message.slice(field.length) : error.message;
  if (error.code === 'proposal_below_floor' && typeof floorNgwee === 'number') message = `${wireField}: must be at least ZMW ${zmwOf(floorNgwee)}`;
  if (error.code === 'proposal_above_ceiling' && typeof ceilingNgwee === 'number') message = `${wireField}: must be at most ZMW ${zmwOf(ceilingNgwee)}`;
  const details: Record<string, unknown> = { ...error.details, field: wireField };
  if (typeof floorNgwee === 'number') details.floor = zmwOf(floorNgwee);
  if (typeof ceilingNgwee === 'number') details.ceiling = zmwOf(ceilingNgwee);
  if (error.code === 'invalid') details.issues = [{ field: `body.${wireField}`, message: message.slice(message.indexOf(':') + 1).trim() }];
  return new DomainError(error.code, message, details);
}

/** The field a refusal is about: named in its details, or the first issue of a failed parse. */
function fieldOf(error: DomainError): string | undefined {
  if (typeof error.details.field === 'string') return error.details.field;
  const issues = error.details.issues;
  if (Array.isArray(issues) && typeof issues[0]?.path === 'string' && issues[0].path !== '') return issues[0].path;
  return undefined;
}
