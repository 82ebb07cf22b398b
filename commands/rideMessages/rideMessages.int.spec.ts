import { describe, expect, it } from 'vitest';
import { rideMessagesStream } from '../../domain/rideMessages/index.js';
import { admin, as, expectRefusal, givenAcceptedRide, givenPendingRide, passenger, storedTypes, useRideTestBed } from '../../tests/support/rideFixtures.js';
import { cancelRide } from '../ride/index.js';
import { markRideMessagesRead, sendRideMessage } from './index.js';

const bed = useRideTestBed('ridemessages');

describe('messages between rider and driver', () => {
  it('the rider and the driver write to each other once a driver is assigned', async () => {
    const ride = await givenAcceptedRide(bed.services);
    const fromRider = await sendRideMessage(bed.services, { rideId: ride.rideId, text: '  I am at the blue gate ' }, as(ride.rider));
    expect(fromRider.events[0]).toMatchObject({ type: 'RideMessageSent', data: { from: 'rider', senderUserId: ride.rider.userId, text: 'I am at the blue gate' } });
    const fromDriver = await sendRideMessage(bed.services, { rideId: ride.rideId, text: 'Two minutes away' }, as(ride.driver.actor));
    const messageId = (fromDriver.events[0]!.data as { messageId: string }).messageId;
    const read = await markRideMessagesRead(bed.services, { rideId: ride.rideId, upToMessageId: messageId }, as(ride.rider));
    expect(read.events[0]).toMatchObject({ type: 'RideMessagesRead', data: { by: 'rider', upToMessageId: messageId } });
    expect(await storedTypes(bed.store, rideMessagesStream(ride.rideId))).toEqual(['RideMessageSent', 'RideMessageSent', 'RideMessagesRead']);
  });

  it('a phone number, a blank or an over-long message is refused naming the text, and nothing is appended', async () => {
    const ride = await givenAcceptedRide(bed.services);
    const stream = rideMessagesStream(ride.rideId);
    const send = (text: string) => () => sendRideMessage(bed.services, { rideId: ride.rideId, text }, as(ride.rider));
    await expectRefusal(bed.store, [stream], send('call me on 097 123 4567'), 'invalid', /text: must not contain a phone number/);
    await expectRefusal(bed.store, [stream], send('   '), 'invalid', /text: must not be blank/);
    await expectRefusal(bed.store, [stream], send('x'.repeat(501)), 'invalid', /text: must be at most 500/);
  });

  it('no one else writes, and the conversation is closed before assignment and after the ride', async () => {
    const ride = await givenAcceptedRide(bed.services);
    const stream = rideMessagesStream(ride.rideId);
    for (const stranger of [passenger('stranger'), admin]) {
      await expectRefusal(bed.store, [stream], () => sendRideMessage(bed.services, { rideId: ride.rideId, text: 'hello' }, as(stranger)), 'forbidden');
    }
    await cancelRide(bed.services, { rideId: ride.rideId, reason: 'changed plans' }, as(ride.rider));
    await expectRefusal(bed.store, [stream], () => sendRideMessage(bed.services, { rideId: ride.rideId, text: 'sorry' }, as(ride.rider)), 'not_allowed_in_state', /ride is cancelled/);
    const pending = await givenPendingRide(bed.services);
    await expectRefusal(bed.store, [rideMessagesStream(pending.rideId)], () => sendRideMessage(bed.services, { rideId: pending.rideId, text: 'hi' }, as(pending.rider)), 'not_allowed_in_state', /ride is pending/);
  });
});
