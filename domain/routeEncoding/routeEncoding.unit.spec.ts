import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/command.js';
import { fold } from '../shared/decider.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import type { RouteEncodingCommand } from './commands.js';
import { routeEncodingDecider, routeEncodingStatus } from './decider.js';
import type { RouteEncodingEvent } from './events.js';
import { INCOMPLETE_INFORMATION, type RouteInput } from './route.js';

const spec = DeciderSpecification.for(routeEncodingDecider);
const now = '2025-01-15T08:00:00.000Z';
const deps = fixedDeps({ now });

const author: Actor = { userId: 'driver-mwila', role: 'driver' };
const contributor = (n: number): Actor => ({ userId: `driver-${n}`, role: 'driver' });

const route = {
  startAddress: ' Kitwe Central Market ',
  endAddress: 'Copperbelt University',
  streetNames: ['Obote Avenue', ' Freedom  Avenue', 'obote avenue', '  ', 'Jambo Drive'],
  coordinates: [
    { lat: -12.8024, lng: 28.2136 },
    { lat: -12.8105, lng: 28.2212 },
    { lat: -12.8253, lng: 28.2367 },
  ],
} satisfies RouteInput;

const recorded = {
  startAddress: 'Kitwe Central Market',
  endAddress: 'Copperbelt University',
  streetNames: ['Obote Avenue', 'Freedom Avenue', 'Jambo Drive'],
  coordinates: route.coordinates,
};

const submit = (input: Partial<RouteInput> = {}, actor: Actor = author): RouteEncodingCommand => ({
  type: 'SubmitRouteEncoding',
  data: { encodingId: 'enc-1', ...route, ...input },
  actor,
});
const revise = (input: Partial<RouteInput> = {}, actor: Actor = author): RouteEncodingCommand => ({
  type: 'ReviseRouteEncoding',
  data: { encodingId: 'enc-1', ...route, ...input },
  actor,
});
const verify = (actor: Actor, isAccurate: boolean, revision?: number): RouteEncodingCommand => ({
  type: 'VerifyRouteEncoding',
  data: { encodingId: 'enc-1', isAccurate, ...(revision === undefined ? {} : { revision }) },
  actor,
});

const submitted: RouteEncodingEvent = {
  type: 'RouteEncodingSubmitted',
  data: { encodingId: 'enc-1', authorId: author.userId, ...recorded, region: 'Copperbelt Province', submittedAt: now },
};
const vote = (n: number, isAccurate: boolean, revision = 1): RouteEncodingEvent => ({
  type: 'RouteVerificationRecorded',
  data: { encodingId: 'enc-1', contributorId: `driver-${n}`, revision, isAccurate, recordedAt: now },
});
const revised = (revision: number): RouteEncodingEvent => ({
  type: 'RouteEncodingRevised',
  data: { encodingId: 'enc-1', revision, ...recorded, revisedAt: now },
});
const markedForFix: RouteEncodingEvent = { type: 'RouteEncodingMarkedForFix', data: { encodingId: 'enc-1', revision: 1, markedAt: now } };
const verified: RouteEncodingEvent = { type: 'RouteEncodingVerified', data: { encodingId: 'enc-1', revision: 1, verifiedAt: now } };

describe('SubmitRouteEncoding', () => {
  it('records the route tidied: addresses trimmed, street names trimmed, blanks dropped, repeats in another case removed', () =>
    spec([]).when(submit(), deps).then([submitted]));

  it.each([
    ['a blank start address', { startAddress: '  ' }],
    ['a blank end address', { endAddress: '' }],
    ['no street names', { streetNames: [] }],
    ['only blank street names', { streetNames: [' ', ''] }],
  ] satisfies [string, Partial<RouteInput>][])('refuses %s with the spec’s message', (_, input) =>
    spec([]).when(submit(input), deps).thenThrows('invalid', INCOMPLETE_INFORMATION));

  it('refuses a route with fewer than 2 coordinates', () =>
    spec([]).when(submit({ coordinates: [{ lat: -12.8, lng: 28.2 }] }), deps).thenThrows('invalid', 'coordinates'));

  it('refuses a coordinate off the globe, naming it', () =>
    spec([]).when(submit({ coordinates: [{ lat: -120, lng: 28.2 }, { lat: -12.8, lng: 28.2 }] }), deps).thenThrows('invalid', 'data.coordinates.0.lat'));

  it('refuses a point outside the Copperbelt, naming it', () =>
    spec([]).when(submit({ coordinates: [{ lat: -12.8, lng: 28.2 }, { lat: -15.4167, lng: 28.2833 }] }), deps).thenThrows('invalid', 'coordinates.1: lies outside the Copperbelt'));

  it('refuses another region', () =>
    spec([]).when(submit({ region: 'Lusaka Province' as 'Copperbelt Province' }), deps).thenThrows('invalid', 'data.region'));

  it('takes a rider as author: riders know the streets too', () =>
    spec([]).when(submit({}, { userId: 'rider-1', role: 'passenger' }), deps).then([{ ...submitted, data: { ...submitted.data, authorId: 'rider-1' } }]));

  it('refuses the platform as author', () => spec([]).when(submit({}, { userId: 'sys', role: 'system' }), deps).thenThrows('forbidden'));

  it('refuses submitting the same encoding twice', () =>
    spec([submitted]).when(submit(), deps).thenThrows('not_allowed_in_state', 'route encoding is pending'));
});

describe('VerifyRouteEncoding', () => {
  it('records a contributor’s vote', () => spec([submitted]).when(verify(contributor(1), true), deps).then([vote(1, true)]));

  it('verifies the encoding with the 4th accurate vote from a 4th distinct contributor', () => {
    const history = [submitted, vote(1, true), vote(2, true), vote(3, true)];
    spec(history).when(verify(contributor(4), true), deps).then([vote(4, true), verified]);
    expect(routeEncodingStatus(fold(routeEncodingDecider, [...history, vote(4, true), verified]))).toBe('verified');
  });

  it('counts a needs-fix vote against nothing: 3 accurate and 1 needs fix stay pending', () =>
    spec([submitted, vote(1, true), vote(2, true), vote(5, false)]).when(verify(contributor(3), true), deps).then([vote(3, true)]));

  it('marks the encoding for fixing with the 2nd needs-fix vote', () => {
    spec([submitted, vote(1, true), vote(2, false)]).when(verify(contributor(3), false), deps).then([vote(3, false), markedForFix]);
  });

  it('refuses the author’s own vote', () =>
    spec([submitted]).when(verify(author, true), deps).thenThrows('own_encoding'));

  it('refuses a second vote by the same contributor on the same revision', () =>
    spec([submitted, vote(1, true)]).when(verify(contributor(1), false), deps).thenThrows('already_voted'));

  it('lets a contributor vote again once the route is revised', () =>
    spec([submitted, vote(1, false), vote(2, false), markedForFix, revised(2)])
      .when(verify(contributor(1), true), deps)
      .then([vote(1, true, 2)]));

  it('refuses a vote on a revision the route has moved past', () =>
    spec([submitted, vote(1, false), revised(2)]).when(verify(contributor(3), true, 1), deps).thenThrows('conflict', 'revision 2'));

  it('refuses a vote on an encoding that does not exist', () =>
    spec([]).when(verify(contributor(1), true), deps).thenThrows('not_found'));

  it('refuses votes once the encoding is verified or needs fixing', () => {
    spec([submitted, vote(1, true), vote(2, true), vote(3, true), vote(4, true), verified])
      .when(verify(contributor(5), true), deps)
      .thenThrows('not_allowed_in_state', 'verified');
    spec([submitted, vote(1, false), vote(2, false), markedForFix]).when(verify(contributor(3), true), deps).thenThrows('not_allowed_in_state', 'needs fix');
  });

  it('records a rider’s vote like a driver’s', () =>
    spec([submitted]).when(verify({ userId: 'driver-1', role: 'passenger' }, true), deps).then([vote(1, true)]));

  it('refuses a rider’s vote on their own encoding', () =>
    spec([{ ...submitted, data: { ...submitted.data, authorId: 'rider-1' } }])
      .when(verify({ userId: 'rider-1', role: 'passenger' }, true), deps)
      .thenThrows('own_encoding'));

  it('refuses the platform’s vote', () => spec([submitted]).when(verify({ userId: 'sys', role: 'system' }, true), deps).thenThrows('forbidden'));
});

describe('ReviseRouteEncoding', () => {
  it('returns an encoding that needs fixing to pending, with no votes', () => {
    const history = [submitted, vote(1, false), vote(2, false), markedForFix];
    spec(history).when(revise(), deps).then([revised(2)]);
    const state = fold(routeEncodingDecider, [...history, revised(2)]);
    expect(routeEncodingStatus(state)).toBe('pending');
    expect(state.context.votes).toEqual([]);
  });

  it('lets the author revise a pending encoding, discarding its votes', () => {
    spec([submitted, vote(1, true)]).when(revise(), deps).then([revised(2)]);
    expect(fold(routeEncodingDecider, [submitted, vote(1, true), revised(2)]).context.votes).toEqual([]);
  });

  it('refuses a revision by anyone but the author', () =>
    spec([submitted]).when(revise({}, contributor(1)), deps).thenThrows('forbidden', 'Only the author'));

  it('refuses an incomplete revision with the spec’s message', () =>
    spec([submitted]).when(revise({ streetNames: [] }), deps).thenThrows('invalid', INCOMPLETE_INFORMATION));

  it('refuses to revise a verified encoding', () =>
    spec([submitted, vote(1, true), vote(2, true), vote(3, true), vote(4, true), verified]).when(revise(), deps).thenThrows('not_allowed_in_state'));

  it('refuses to revise an encoding that does not exist', () => spec([]).when(revise(), deps).thenThrows('not_found'));
});

describe('folding stored events', () => {
  it('ignores a verification event whose votes do not add up (the machine guards the rule, not only the decider)', () => {
    const state = fold(routeEncodingDecider, [submitted, vote(1, true), vote(2, true), vote(3, true), verified]);
    expect(routeEncodingStatus(state)).toBe('pending');
  });

  it('ignores the author’s vote and a repeated vote', () => {
    const authorVote: RouteEncodingEvent = {
      type: 'RouteVerificationRecorded',
      data: { encodingId: 'enc-1', contributorId: author.userId, revision: 1, isAccurate: true, recordedAt: now },
    };
    const state = fold(routeEncodingDecider, [submitted, authorVote, vote(2, true), vote(2, true)]);
    expect(state.context.votes).toEqual([{ contributorId: 'driver-2', isAccurate: true }]);
  });
});
