import { InvalidArgumentError, type AllFilter, type EventTypeFilter, type RecordedEvent, type StreamNameFilter } from './port.js';

/** The prefixes a single-kind filter names; refuses a filter that names none. */
export function filterPrefixes(filter: StreamNameFilter | EventTypeFilter): string[] {
  const prefixes = filter.streamNamePrefixes ?? filter.eventTypePrefixes;
  if (!Array.isArray(prefixes) || prefixes.some((prefix) => typeof prefix !== 'string')) {
    throw new InvalidArgumentError('filter', 'needs streamNamePrefixes or eventTypePrefixes: a list of strings');
  }
  return [...prefixes];
}

/** A filter as two lists of prefixes, either of which matches (an event matches if its stream OR its type does). */
export interface FilterPrefixes {
  streamNamePrefixes: string[];
  eventTypePrefixes: string[];
}

/** Any filter, `anyOf` included, as the stream-name and event-type prefixes it matches; validates it. */
export function splitFilter(filter: AllFilter): FilterPrefixes {
  const parts = filter.anyOf !== undefined ? filter.anyOf : [filter as StreamNameFilter | EventTypeFilter];
  if (!Array.isArray(parts)) throw new InvalidArgumentError('filter', 'anyOf: must be a list of filters');
  const split: FilterPrefixes = { streamNamePrefixes: [], eventTypePrefixes: [] };
  for (const part of parts) {
    if (typeof part !== 'object' || part === null || (part as AllFilter).anyOf !== undefined) {
      throw new InvalidArgumentError('filter', 'anyOf: each entry needs streamNamePrefixes or eventTypePrefixes');
    }
    const prefixes = filterPrefixes(part);
    if (part.streamNamePrefixes !== undefined) split.streamNamePrefixes.push(...prefixes);
    else split.eventTypePrefixes.push(...prefixes);
  }
  split.streamNamePrefixes = [...new Set(split.streamNamePrefixes)];
  split.eventTypePrefixes = [...new Set(split.eventTypePrefixes)];
  return split;
}

/**
 * The union of several consumers' filters: undefined (everything) when any of them takes
 * everything, else one filter that matches what any of them matches.
 */
export function unionOfFilters(filters: ReadonlyArray<AllFilter | undefined>): AllFilter | undefined {
  if (filters.length === 0 || filters.some((filter) => filter === undefined)) return undefined;
  const split = splitFilter({ anyOf: filters.flatMap((filter) => (filter!.anyOf !== undefined ? filter!.anyOf : [filter as StreamNameFilter | EventTypeFilter])) });
  if (split.eventTypePrefixes.length === 0) return { streamNamePrefixes: split.streamNamePrefixes };
  if (split.streamNamePrefixes.length === 0) return { eventTypePrefixes: split.eventTypePrefixes };
  return { anyOf: [{ streamNamePrefixes: split.streamNamePrefixes }, { eventTypePrefixes: split.eventTypePrefixes }] };
}

/** A `$all` filter as a predicate: the stream name, or the event type, starts with a prefix. */
export function compileFilter(filter: AllFilter | undefined): ((event: RecordedEvent) => boolean) | undefined {
  if (!filter) return undefined;
  const { streamNamePrefixes, eventTypePrefixes } = splitFilter(filter);
  if (filter.anyOf === undefined) {
    return filter.streamNamePrefixes !== undefined
      ? (event) => streamNamePrefixes.some((prefix) => event.streamName.startsWith(prefix))
      : (event) => eventTypePrefixes.some((prefix) => event.type.startsWith(prefix));
  }
  return (event) =>
    streamNamePrefixes.some((prefix) => event.streamName.startsWith(prefix)) || eventTypePrefixes.some((prefix) => event.type.startsWith(prefix));
}
