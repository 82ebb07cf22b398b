import { z } from 'zod';
import { DomainError } from './errors.js';

/** Who issues a command. `system` is the platform itself: dispatch, reactors, timers. */
export const roles = ['passenger', 'driver', 'admin', 'staff', 'system'] as const;
export type Role = (typeof roles)[number];

export const actorSchema = z.object({ userId: z.string().trim().min(1), role: z.enum(roles) });
export type Actor = z.infer<typeof actorSchema>;

/** A command as every lifecycle takes it: `{ type, data, actor }`. */
export function commandSchema<const Type extends string, Data extends z.ZodType>(type: Type, data: Data) {
  return z.object({ type: z.literal(type), data, actor: actorSchema });
}

/** An event as stored: `{ type, data }`. */
export function eventSchema<const Type extends string, Data extends z.ZodType>(type: Type, data: Data) {
  return z.object({ type: z.literal(type), data });
}

export const instantSchema = z.iso.datetime({ offset: true });
export const nonBlank = z.string().trim().min(1, 'must not be blank');

/** Parses with zod, or refuses with 'invalid' naming the first offending field. */
export function parseOrInvalid<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0]!;
  throw new DomainError('invalid', `${first.path || 'input'}: ${first.message}`, { issues });
}

export function requireRole(actor: Actor, allowed: readonly Role[], command: string): void {
  if (!allowed.includes(actor.role)) {
    throw new DomainError('forbidden', `${command} may not be issued by a ${actor.role}`, { command, role: actor.role });
  }
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled variant: ${JSON.stringify(value)}`);
}
