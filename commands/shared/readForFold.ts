import type { EventStore, RecordedEvent } from '../../platform/eventStore/port.js';

/** Events read backwards at a time while looking for where a fold may begin: a long day's shift in one read. */
const PAGE = 256;

/**
 * The part of a stream its lifecycle's fold needs, in stream order: all of it, or, when the decider
 * names event types a fold may resume at (`Decider.resumesAt`), the stretch from the last of them
 * to the end, read backwards from the end a page at a time. The last event (and so the revision to
 * append after) is the stream's last either way.
 */
export async function readForFold(store: EventStore, streamName: string, resumesAt: readonly string[] | undefined): Promise<RecordedEvent[]> {
  if (readsWholeStream(resumesAt)) return store.readStream(streamName);
  const newestFirst: RecordedEvent[] = [];
  let from: bigint | 'end' = 'end';
  for (;;) {
    const page = await store.readStream(streamName, { direction: 'backwards', fromRevision: from, maxCount: PAGE });
    for (const event of page) {
      newestFirst.push(event);
      if (resumesAt.includes(event.type)) return newestFirst.reverse();
    }
    const oldest = page.at(-1);
    if (page.length < PAGE || oldest === undefined || oldest.revision === 0n) return newestFirst.reverse();
    from = oldest.revision - 1n;
  }
}

/** Whether readForFold reads the whole stream for a lifecycle: one whose fold never resumes. */
export function readsWholeStream(resumesAt: readonly string[] | undefined): resumesAt is undefined | readonly [] {
  return !resumesAt || resumesAt.length === 0;
}
