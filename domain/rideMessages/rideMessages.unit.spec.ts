import { describe, expect, it } from 'vitest';
import type { RideFacts } from '../ride/facts.js';
import type { Actor } from '../shared/command.js';
import { fold } from '../shared/index.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import type { RideMessageCommand } from './commands.js';
import { mayReadRideMessages, rideMessagesDecider, unreadCount } from './decider.js';
import { parseRideMessageEvent, type RideMessageEvent } from './events.js';

const rideId = 'ride-kitwe-0099';
const now = '2025-01-15T08:00:00.000Z';
const rider: Actor = { userId: 'user-chanda', role: 'passenger' };
const driver: Actor = { userId: 'user-mwale', role: 'driver' };
const admin: Actor = { userId: 'admin-phiri', role: 'admin' };
const ride = (status: RideFacts['status'] = 'accepted'): RideFacts => ({
  rideId,
  status,
  riderUserId: rider.userId,
  driverUserId: status === 'pending' ? null : driver.userId,
  tripStartedAt: null,
  endedAt: ['completed', 'cancelled'].includes(status) ? now : null,
});

const spec = DeciderSpecification.for(rideMessagesDecider);
const send = (text: string, actor: Actor = rider, status: RideFacts['status'] = 'accepted'): RideMessageCommand => ({
  type: 'SendRideMessage',
  actor,
  data: { rideId, ride: ride(status), text },
});
const read = (upToMessageId: string, actor: Actor = driver): RideMessageCommand => ({ type: 'MarkRideMessagesRead', actor, data: { rideId, ride: ride(), upToMessageId } });
const sent = (messageId: string, from: 'rider' | 'driver', text: string): RideMessageEvent => ({
  type: 'RideMessageSent',
  data: { rideId, messageId, from, senderUserId: from === 'rider' ? rider.userId : driver.userId, text, sentAt: now },
});
const withId = (id: string) => fixedDeps({ now, ids: [id] });

describe('SendRideMessage', () => {
  it('records the rider’s message, trimmed', () => spec([]).when(send('  I am at the blue gate  '), withId('m-1')).then([sent('m-1', 'rider', 'I am at the blue gate')]));

  it.each(['accepted', 'arrived', 'in_progress'] as const)('is open to the driver while the ride is %s', (status) =>
    spec([sent('m-1', 'rider', 'hi')]).when(send('Coming, two minutes', driver, status), withId('m-2')).then([sent('m-2', 'driver', 'Coming, two minutes')]));

  it.each(['pending', 'completed', 'cancelled'] as const)('is closed while the ride is %s', (status) =>
    spec([]).when(send('hello', rider, status), withId('m-1')).thenThrows('not_allowed_in_state', `ride is ${status}`));

  it('refuses a phone number with a clear word, and a blank or long message', () => {
    spec([]).when(send('call me 097 123 4567'), withId('m-1')).thenThrows('invalid', 'text: must not contain a phone number');
    spec([]).when(send(' \n '), withId('m-1')).thenThrows('invalid', 'text: must not be blank');
    spec([]).when(send('x'.repeat(501)), withId('m-1')).thenThrows('invalid', 'text: must be at most 500 characters');
  });

  it.each([admin, { userId: 'user-other', role: 'passenger' as const }, { userId: 'user-other-driver', role: 'driver' as const }])('is only between the two: $userId is forbidden', (actor) =>
    spec([]).when(send('hello', actor), withId('m-1')).thenThrows('forbidden'));
});

describe('MarkRideMessagesRead', () => {
  const conversation = [sent('m-1', 'rider', 'hi'), sent('m-2', 'rider', 'blue gate')];

  it('moves the reader’s mark forward, never back', () => {
    spec(conversation).when(read('m-2'), fixedDeps({ now })).then([{ type: 'RideMessagesRead', data: { rideId, by: 'driver', readerUserId: driver.userId, upToMessageId: 'm-2', readAt: now } }]);
    const readAll: RideMessageEvent = { type: 'RideMessagesRead', data: { rideId, by: 'driver', readerUserId: driver.userId, upToMessageId: 'm-2', readAt: now } };
    spec([...conversation, readAll]).when(read('m-1'), fixedDeps({ now })).thenNothingHappened();
  });

  it('refuses a message that is not on the ride', () => spec(conversation).when(read('m-9'), fixedDeps({ now })).thenThrows('not_found'));

  it('counts what each party has not read', () => {
    const state = fold(rideMessagesDecider, [...conversation, sent('m-3', 'driver', 'ok')]);
    // The driver's reply marks the rider's two as read by the driver; the rider has not read the reply.
    expect(unreadCount(state, 'rider')).toBe(1);
    expect(unreadCount(state, 'driver')).toBe(0);
    const after = fold(rideMessagesDecider, [sent('m-1', 'rider', 'hi'), sent('m-2', 'rider', 'there')]);
    expect(unreadCount(after, 'driver')).toBe(2);
    for (const event of conversation) expect(parseRideMessageEvent(event)).toEqual(event);
  });
});

describe('who may read a ride’s messages', () => {
  const people = { riderUserId: rider.userId, driverUserId: driver.userId };

  it('the rider and the driver', () => {
    expect(mayReadRideMessages(rider, people, [])).toBe(true);
    expect(mayReadRideMessages(driver, people, [])).toBe(true);
  });

  it('an admin handling an incident on the ride, and no other admin', () => {
    expect(mayReadRideMessages(admin, people, [admin.userId])).toBe(true);
    expect(mayReadRideMessages(admin, people, ['admin-tembo'])).toBe(false);
    expect(mayReadRideMessages({ userId: admin.userId, role: 'staff' }, people, [admin.userId])).toBe(false);
  });

  it('no stranger', () => {
    expect(mayReadRideMessages({ userId: 'user-x', role: 'passenger' }, people, [])).toBe(false);
    expect(mayReadRideMessages({ userId: 'user-x', role: 'driver' }, people, ['user-x'])).toBe(false);
  });
});
