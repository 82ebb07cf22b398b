import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routeEncodingStream } from '../../domain/routeEncoding/index.js';
import type { Actor } from '../../domain/shared/command.js';
import { context, eventTypes, expectRefused, useWriteSideBed } from '../../tests/support/writeSideTestBed.js';
import { reviseRouteEncoding, submitRouteEncoding, verifyRouteEncoding } from './index.js';

const world = useWriteSideBed('routeencoding', 'file');

const author: Actor = { userId: 'user-author', role: 'driver' };
const contributors: Actor[] = ['a', 'b', 'c', 'd'].map((name) => ({ userId: `user-${name}`, role: 'driver' }));
const route = {
  startAddress: 'Freedom Park, Kitwe',
  endAddress: 'Copperbelt University, Kitwe',
  streetNames: ['Independence Avenue', 'Jambo Drive'],
  coordinates: [
    { lat: -12.8024, lng: 28.2136 },
    { lat: -12.8074, lng: 28.2441 },
  ],
};

async function submitted() {
  const encodingId = `enc-${randomUUID().slice(0, 8)}`;
  await submitRouteEncoding(world.services, { encodingId, ...route }, context(author));
  return { encodingId, stream: routeEncodingStream(encodingId) };
}

describe('SubmitRouteEncoding', () => {
  it('records the route, normalised, as its author’s', async () => {
    const encodingId = `enc-${randomUUID().slice(0, 8)}`;
    const result = await submitRouteEncoding(world.services, { encodingId, ...route, streetNames: [' Jambo  Drive ', 'jambo drive'] }, context(author));
    expect(result.events[0]).toMatchObject({ type: 'RouteEncodingSubmitted', data: { encodingId, authorId: author.userId, streetNames: ['Jambo Drive'] } });
    expect(await eventTypes(world.services, routeEncodingStream(encodingId))).toEqual(['RouteEncodingSubmitted']);
  });

  it('refuses a route without street names (the spec’s wording), and appends nothing', async () => {
    const encodingId = `enc-${randomUUID().slice(0, 8)}`;
    await expectRefused(
      world.services,
      routeEncodingStream(encodingId),
      () => submitRouteEncoding(world.services, { encodingId, ...route, streetNames: [] }, context(author)),
      'invalid',
      'Incomplete Information',
    );
  });

  it('refuses a contribution from no person (the system), and submitting the same encoding twice', async () => {
    const { encodingId, stream } = await submitted();
    await expectRefused(world.services, stream, () => submitRouteEncoding(world.services, { encodingId, ...route }, context({ userId: 'tiyende', role: 'system' })), 'forbidden');
    await expectRefused(world.services, stream, () => submitRouteEncoding(world.services, { encodingId, ...route }, context(author)), 'not_allowed_in_state');
  });
});

describe('VerifyRouteEncoding', () => {
  it('the fourth accurate vote from four other contributors verifies the encoding in the same append', async () => {
    const { encodingId, stream } = await submitted();
    for (const contributor of contributors.slice(0, 3)) await verifyRouteEncoding(world.services, { encodingId, isAccurate: true }, context(contributor));
    const fourth = await verifyRouteEncoding(world.services, { encodingId, isAccurate: true }, context(contributors[3]!));
    expect(fourth.events.map((event) => event.type)).toEqual(['RouteVerificationRecorded', 'RouteEncodingVerified']);
    expect((await eventTypes(world.services, stream)).filter((type) => type === 'RouteVerificationRecorded')).toHaveLength(4);
  });

  it('refuses the author’s own vote and a second vote by the same contributor', async () => {
    const { encodingId, stream } = await submitted();
    await expectRefused(world.services, stream, () => verifyRouteEncoding(world.services, { encodingId, isAccurate: true }, context(author)), 'own_encoding');
    await verifyRouteEncoding(world.services, { encodingId, isAccurate: false }, context(contributors[0]!));
    await expectRefused(world.services, stream, () => verifyRouteEncoding(world.services, { encodingId, isAccurate: true }, context(contributors[0]!)), 'already_voted');
  });

  it('refuses a vote on an encoding that does not exist', async () => {
    const encodingId = `enc-${randomUUID().slice(0, 8)}`;
    await expectRefused(world.services, routeEncodingStream(encodingId), () => verifyRouteEncoding(world.services, { encodingId, isAccurate: true }, context(contributors[0]!)), 'not_found');
  });
});

describe('ReviseRouteEncoding', () => {
  it('two needs-fix votes flag the encoding; the author’s revision returns it to pending with no votes', async () => {
    const { encodingId, stream } = await submitted();
    await verifyRouteEncoding(world.services, { encodingId, isAccurate: false }, context(contributors[0]!));
    const second = await verifyRouteEncoding(world.services, { encodingId, isAccurate: false }, context(contributors[1]!));
    expect(second.events.map((event) => event.type)).toEqual(['RouteVerificationRecorded', 'RouteEncodingMarkedForFix']);
    const revised = await reviseRouteEncoding(world.services, { encodingId, ...route, streetNames: ['Jambo Drive', 'Freedom Way'] }, context(author));
    expect(revised.events).toMatchObject([{ type: 'RouteEncodingRevised', data: { revision: 2, streetNames: ['Jambo Drive', 'Freedom Way'] } }]);
    // The first voter may vote again on the new revision.
    await verifyRouteEncoding(world.services, { encodingId, isAccurate: true, revision: 2 }, context(contributors[0]!));
    expect((await eventTypes(world.services, stream)).at(-1)).toBe('RouteVerificationRecorded');
  });

  it('refuses a revision by anyone but the author', async () => {
    const { encodingId, stream } = await submitted();
    await expectRefused(world.services, stream, () => reviseRouteEncoding(world.services, { encodingId, ...route }, context(contributors[0]!)), 'forbidden');
  });
});
