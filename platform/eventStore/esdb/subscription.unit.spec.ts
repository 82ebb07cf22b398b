import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { AllStreamResolvedEvent, AllStreamSubscription, SubscribeToAllOptions } from '@eventstore/db-client';
// The client's own subscription stream, fed by a stand-in for the gRPC call: what the adapter
// sees is exactly what the library makes of the server's messages.
import { Subscription } from '@eventstore/db-client/dist/streams/utils/Subscription.js';
import { describe, expect, it, vi } from 'vitest';
import {
  InvalidArgumentError,
  UnavailableError,
  type AllSubscription,
  type AllSubscriptionMessage,
  type Position,
} from '../port.js';
import { subscribeToEsdbAll, type SubscriptionClient } from './subscription.js';

const at = (n: bigint): Position => ({ commit: n, prepare: n });

function event(position: bigint, overrides: Record<string, unknown> = {}): AllStreamResolvedEvent {
  return {
    event: {
      streamId: 'contract-1',
      id: randomUUID(),
      isJson: true,
      revision: position,
      type: `E${position}`,
      created: new Date(0),
      data: {},
      metadata: {},
      position: at(position),
      ...overrides,
    },
    commitPosition: position,
  } as AllStreamResolvedEvent;
}

/** A server that answers what the test tells it to, through the library's Subscription. */
function fakeServer(options: { head?: bigint } = {}) {
  const grpc = Object.assign(new PassThrough({ objectMode: true }), { cancel: vi.fn() });
  grpc.cancel.mockImplementation(() => grpc.end());
  const requests: SubscribeToAllOptions[] = [];
  const client: SubscriptionClient = {
    subscribeToAll(request: SubscribeToAllOptions = {}) {
      requests.push(request);
      return new Subscription(
        async () => grpc as never,
        (resolved: unknown) => resolved as AllStreamResolvedEvent,
        {},
        request.filter?.checkpointReached,
      ) as unknown as AllStreamSubscription;
    },
    readAll: (() => {
      const head = options.head === undefined ? [] : [event(options.head)];
      return Object.assign(Readable.from(head), { cancel: async () => {} });
    }) as never,
  };
  const send = {
    event: (resolved: AllStreamResolvedEvent) => grpc.write({ hasEvent: () => true, getEvent: () => resolved }),
    caughtUp: () => grpc.write({ hasCaughtUp: () => true }),
    checkpoint: (n: bigint) =>
      grpc.write({
        hasCheckpoint: () => true,
        getCheckpoint: () => ({ getCommitPosition: () => String(n), getPreparePosition: () => String(n) }),
      }),
  };
  return { client, grpc, send, requests };
}

async function take(subscription: AllSubscription, count: number): Promise<AllSubscriptionMessage[]> {
  const got: AllSubscriptionMessage[] = [];
  for await (const message of subscription) {
    got.push(message);
    if (got.length === count) break;
  }
  return got;
}

const describeMessage = (m: AllSubscriptionMessage) =>
  m.kind === 'event' ? m.event.type : `${m.kind}@${m.position.commit}`;

describe('subscribing to $all on EventStoreDB', () => {
  it('says caughtUp after the events sent before the server’s caughtUp, even when they were buffered', async () => {
    const server = fakeServer({ head: 1000n });
    server.send.event(event(10n));
    server.send.event(event(20n));
    server.send.caughtUp();
    server.send.event(event(30n));
    const subscription = subscribeToEsdbAll(server.client);
    const got = await take(subscription, 4);
    await subscription.stop();
    expect(got.map(describeMessage)).toEqual(['E10', 'E20', 'caughtUp@20', 'E30']);
  });

  it('keeps caughtUp in order when a slow consumer has paused the stream', async () => {
    const server = fakeServer({ head: 100_000n });
    for (let n = 1n; n <= 400n; n++) server.send.event(event(n));
    server.send.caughtUp();
    server.send.event(event(401n));
    const subscription = subscribeToEsdbAll(server.client);
    const got: string[] = [];
    for await (const message of subscription) {
      got.push(describeMessage(message));
      if (got.length % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      if (got.length === 402) break;
    }
    await subscription.stop();
    expect(got.indexOf('caughtUp@400')).toBe(400);
    expect(got.at(-1)).toBe('E401');
  });

  it('turns checkpoints into checkpoint messages in order, only when they move forward', async () => {
    const server = fakeServer({ head: 1000n });
    server.send.event(event(10n));
    server.send.checkpoint(50n);
    server.send.checkpoint(40n);
    server.send.event(event(60n));
    server.send.checkpoint(70n);
    const subscription = subscribeToEsdbAll(server.client, { filter: { streamNamePrefixes: ['contract-'] } });
    const got = await take(subscription, 4);
    await subscription.stop();
    expect(got.map(describeMessage)).toEqual(['E10', 'checkpoint@50', 'E60', 'checkpoint@70']);
  });

  it('starts after fromPosition and never delivers an event twice', async () => {
    const server = fakeServer({ head: 1000n });
    for (const n of [5n, 10n, 20n, 20n, 15n, 30n]) server.send.event(event(n));
    const subscription = subscribeToEsdbAll(server.client, { fromPosition: at(10n) });
    const got = await take(subscription, 2);
    await subscription.stop();
    expect(got.map(describeMessage)).toEqual(['E20', 'E30']);
    expect(server.requests[0]?.fromPosition).toEqual(at(10n));
  });

  it('subscribes from the start for START', async () => {
    const server = fakeServer({ head: 1000n });
    server.send.event(event(1n));
    const subscription = subscribeToEsdbAll(server.client);
    await take(subscription, 1);
    await subscription.stop();
    expect(server.requests[0]?.fromPosition).toBe('start');
  });

  it('leaves out system events and events of system streams', async () => {
    const server = fakeServer({ head: 1000n });
    server.send.event(event(10n, { type: '$metadata' }));
    server.send.event(event(20n, { streamId: '$$contract-1' }));
    server.send.event(event(30n));
    const subscription = subscribeToEsdbAll(server.client);
    const got = await take(subscription, 1);
    await subscription.stop();
    expect(got.map(describeMessage)).toEqual(['E30']);
  });

  it('asks the server to filter: by stream name, by event type, or leaving out system events', async () => {
    const filters = [{ streamNamePrefixes: ['ride-'] }, { eventTypePrefixes: ['Ride'] }, undefined];
    const sent = [];
    for (const filter of filters) {
      const server = fakeServer();
      const subscription = subscribeToEsdbAll(server.client, { filter });
      await take(subscription, 1);
      await subscription.stop();
      sent.push(server.requests[0]?.filter);
    }
    expect(sent[0]).toMatchObject({ filterOn: 'streamName', prefixes: ['ride-'], checkpointInterval: 1 });
    expect(sent[1]).toMatchObject({ filterOn: 'eventType', prefixes: ['Ride'] });
    expect(sent[2]).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });
    expect(sent.every((f) => typeof f?.checkpointReached === 'function')).toBe(true);
  });

  it('with an empty prefix list delivers nothing, yet still checkpoints', async () => {
    const server = fakeServer({ head: 1000n });
    server.send.event(event(10n));
    server.send.checkpoint(10n);
    const subscription = subscribeToEsdbAll(server.client, { filter: { eventTypePrefixes: [] } });
    const got = await take(subscription, 1);
    await subscription.stop();
    expect(got.map(describeMessage)).toEqual(['checkpoint@10']);
  });

  it('declares itself caught up at the head of $all when the server never says so (before 23.10)', async () => {
    const server = fakeServer({ head: 20n });
    server.send.event(event(10n));
    server.send.event(event(20n));
    server.send.event(event(30n));
    const subscription = subscribeToEsdbAll(server.client);
    const got = await take(subscription, 4);
    await subscription.stop();
    expect(got.map(describeMessage)).toEqual(['E10', 'E20', 'caughtUp@20', 'E30']);
  });

  it('is caught up at once on an empty $all or from a position at the head', async () => {
    const empty = subscribeToEsdbAll(fakeServer().client);
    const atHead = subscribeToEsdbAll(fakeServer({ head: 20n }).client, { fromPosition: at(20n) });
    expect((await take(empty, 1)).map(describeMessage)).toEqual(['caughtUp@-1']);
    expect((await take(atHead, 1)).map(describeMessage)).toEqual(['caughtUp@20']);
    await Promise.all([empty.stop(), atHead.stop()]);
  });

  it('stops when its signal aborts and cancels the gRPC call', async () => {
    const server = fakeServer({ head: 1000n });
    const controller = new AbortController();
    const subscription = subscribeToEsdbAll(server.client, { signal: controller.signal });
    const run = (async () => {
      for await (const message of subscription) void message;
    })();
    setTimeout(() => controller.abort(), 20);
    await run;
    await vi.waitFor(() => expect(server.grpc.cancel).toHaveBeenCalled());
  });

  it('stop() ends a waiting iteration and tells the owner it closed', async () => {
    const server = fakeServer({ head: 1000n });
    const onClose = vi.fn();
    const subscription = subscribeToEsdbAll(server.client, { onClose });
    const next = subscription[Symbol.asyncIterator]().next();
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await subscription.stop();
    expect(await next).toEqual({ done: true, value: undefined });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('delivers what arrived, then fails with UnavailableError when the connection drops', async () => {
    const server = fakeServer({ head: 1000n });
    server.send.event(event(10n));
    const subscription = subscribeToEsdbAll(server.client);
    const got: string[] = [];
    const run = (async () => {
      for await (const message of subscription) {
        got.push(describeMessage(message));
        server.grpc.destroy(Object.assign(new Error('14 UNAVAILABLE: Connection dropped'), { code: 14, details: 'Connection dropped' }));
      }
    })();
    await expect(run).rejects.toBeInstanceOf(UnavailableError);
    expect(got).toEqual(['E10']);
  });

  it('fails with UnavailableError when the server ends the subscription', async () => {
    const server = fakeServer({ head: 1000n });
    server.grpc.end();
    await expect(take(subscribeToEsdbAll(server.client), 1)).rejects.toThrow(/ended the subscription/);
  });

  it('refuses a bad filter before asking the server anything', () => {
    const server = fakeServer();
    expect(() => subscribeToEsdbAll(server.client, { filter: { streamNamePrefixes: 'ride-' } as never })).toThrow(
      InvalidArgumentError,
    );
    expect(server.requests).toHaveLength(0);
  });
});
