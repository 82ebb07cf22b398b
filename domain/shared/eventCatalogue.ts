import type { z } from 'zod';

/** A lifecycle's events: each type with the version of its data's shape and the schema of that shape. */
export type EventSchemas = Record<string, { version: number; schema: z.ZodType }>;

export type EventOf<Schemas extends EventSchemas, Type extends keyof Schemas> = { type: Type; data: z.infer<Schemas[Type]['schema']> };

/** The union of a lifecycle's events, `{ type, data }` each. */
export type EventUnion<Schemas extends EventSchemas> = { [Type in keyof Schemas & string]: EventOf<Schemas, Type> }[keyof Schemas & string];

/**
 * What every lifecycle derives from its schemas: the list of its event types, a test of
 * membership, and a parse of a stored or incoming event that throws a ZodError naming the field.
 */
export function eventCatalogue<Schemas extends EventSchemas>(lifecycle: string, schemas: Schemas) {
  type Type = keyof Schemas & string;
  const isType = (type: string): type is Type => Object.hasOwn(schemas, type);
  return {
    types: Object.keys(schemas) as Type[],
    isType,
    parse(event: { type: string; data: unknown }): EventUnion<Schemas> {
      if (!isType(event.type)) throw new Error(`Unknown ${lifecycle} event type '${event.type}'`);
      return { type: event.type, data: schemas[event.type]!.schema.parse(event.data) } as EventUnion<Schemas>;
    },
  };
}
