import { InvalidArgumentError, type AllFilter, type RecordedEvent } from './port.js';

/** The prefixes a filter names; refuses a filter that names none. */
export function filterPrefixes(filter: AllFilter): string[] {
  const prefixes = filter.streamNamePrefixes ?? filter.eventTypePrefixes;
  if (!Array.isArray(prefixes) || prefixes.some((prefix) => typeof prefix !== 'string')) {
    throw new InvalidArgumentError('filter', 'needs streamNamePrefixes or eventTypePrefixes: a list of strings');
  }
  return [...prefixes];
}

/** A `$all` filter as a predicate: the stream name, or the event type, starts with a prefix. */
export function compileFilter(filter: AllFilter | undefined): ((event: RecordedEvent) => boolean) | undefined {
  if (!filter) return undefined;
  const prefixes = filterPrefixes(filter);
  return filter.streamNamePrefixes !== undefined
    ? (event) => prefixes.some((prefix) => event.streamName.startsWith(prefix))
    : (event) => prefixes.some((prefix) => event.type.startsWith(prefix));
}
