import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { driverStream } from '../../domain/driverDuty/index.js';
import { application, validDocuments } from '../../tests/support/fixtures/driverVerification.js';
import { driverVerificationStream } from '../../domain/driverVerification/index.js';
import type { Actor } from '../../domain/shared/command.js';
import { admin, context, driverOnDuty, eventTypes, expectRefused, onDriver, START, system, useWriteSideBed } from '../../tests/support/writeSideTestBed.js';
import { approveDriver, reinstateDriver, rejectDriver, submitDriverApplication, suspendDriver } from './index.js';

const world = useWriteSideBed('verification', 'file');

const documents = validDocuments.map((document) => ({ ...document, expiresOn: '2030-12-31' }));

function applicant(): { driverId: string; actor: Actor; stream: string } {
  const driverId = `driver-${randomUUID().slice(0, 8)}`;
  return { driverId, actor: { userId: `user-${driverId}`, role: 'driver' }, stream: driverVerificationStream(driverId) };
}

async function applied() {
  const who = applicant();
  await submitDriverApplication(world.services, { ...application, driverId: who.driverId, documents }, context(who.actor));
  return who;
}

describe('SubmitDriverApplication', () => {
  it('records the application with its six documents, as the applying user', async () => {
    const who = applicant();
    const result = await submitDriverApplication(world.services, { ...application, driverId: who.driverId, documents }, context(who.actor));
    expect(result.events).toEqual([
      {
        type: 'DriverApplicationSubmitted',
        data: { ...application, driverId: who.driverId, documents, userId: who.actor.userId, submittedAt: START },
      },
    ]);
    expect(await eventTypes(world.services, who.stream)).toEqual(['DriverApplicationSubmitted']);
  });

  it('refuses an application missing a document, naming it, and appends nothing', async () => {
    const who = applicant();
    const withoutClearance = documents.filter((document) => document.kind !== 'police_clearance');
    await expectRefused(
      world.services,
      who.stream,
      () => submitDriverApplication(world.services, { ...application, driverId: who.driverId, documents: withoutClearance }, context(who.actor)),
      'invalid',
      'police clearance is missing',
    );
  });

  it('refuses a passenger applying as a driver', async () => {
    const who = applicant();
    await expectRefused(
      world.services,
      who.stream,
      () => submitDriverApplication(world.services, { ...application, driverId: who.driverId, documents }, context({ userId: 'u', role: 'passenger' })),
      'forbidden',
    );
  });
});

describe('ApproveDriver and RejectDriver', () => {
  it('an admin approves a pending application', async () => {
    const who = await applied();
    const result = await approveDriver(world.services, { driverId: who.driverId }, context(admin));
    expect(result.events).toEqual([{ type: 'DriverApproved', data: { driverId: who.driverId, approvedBy: admin.userId, approvedAt: START } }]);
  });

  it('an admin rejects a pending application with a reason; the driver may then apply again', async () => {
    const who = await applied();
    await rejectDriver(world.services, { driverId: who.driverId, reason: 'licence unreadable' }, context(admin));
    await submitDriverApplication(world.services, { ...application, driverId: who.driverId, documents }, context(who.actor));
    expect(await eventTypes(world.services, who.stream)).toEqual(['DriverApplicationSubmitted', 'DriverRejected', 'DriverApplicationSubmitted']);
  });

  it('refuses staff approving (verification is the admin’s alone)', async () => {
    const who = await applied();
    await expectRefused(world.services, who.stream, () => approveDriver(world.services, { driverId: who.driverId }, context({ userId: 's', role: 'staff' })), 'forbidden');
  });

  it('refuses approving a driver who never applied, or rejecting one already approved', async () => {
    const nobody = applicant();
    await expectRefused(world.services, nobody.stream, () => approveDriver(world.services, { driverId: nobody.driverId }, context(admin)), 'not_allowed_in_state');
    const who = await applied();
    await approveDriver(world.services, { driverId: who.driverId }, context(admin));
    await expectRefused(world.services, who.stream, () => rejectDriver(world.services, { driverId: who.driverId, reason: 'late' }, context(admin)), 'not_allowed_in_state');
  });
});

describe('SuspendDriver and ReinstateDriver', () => {
  it('suspends an approved driver and reinstates them', async () => {
    const who = await applied();
    await approveDriver(world.services, { driverId: who.driverId }, context(admin));
    await suspendDriver(world.services, { driverId: who.driverId, reason: 'expired insurance' }, context(admin));
    const result = await reinstateDriver(world.services, { driverId: who.driverId }, context(admin));
    expect(result.events).toEqual([{ type: 'DriverReinstated', data: { driverId: who.driverId, reinstatedBy: admin.userId, reinstatedAt: START } }]);
    expect(await eventTypes(world.services, who.stream)).toEqual(['DriverApplicationSubmitted', 'DriverApproved', 'DriverSuspended', 'DriverReinstated']);
  });

  it('records a suspension even while the driver is engaged on a ride (their duty is left to the reactor)', async () => {
    const driver = await driverOnDuty(world.services);
    await onDriver(world.services, { type: 'ReserveDriver', data: { driverId: driver.driverId, rideId: 'ride-9', vehicleType: 'car' }, actor: system });
    await suspendDriver(world.services, { driverId: driver.driverId, reason: 'complaint under review' }, context(admin));
    expect((await eventTypes(world.services, driverVerificationStream(driver.driverId))).at(-1)).toBe('DriverSuspended');
    expect(await eventTypes(world.services, driverStream(driver.driverId))).toEqual(['DriverWentOnline', 'DriverReserved']);
  });

  it('refuses suspending a driver not approved, reinstating one not suspended, and a driver suspending', async () => {
    const who = await applied();
    await expectRefused(world.services, who.stream, () => suspendDriver(world.services, { driverId: who.driverId, reason: 'x' }, context(admin)), 'not_allowed_in_state');
    await approveDriver(world.services, { driverId: who.driverId }, context(admin));
    await expectRefused(world.services, who.stream, () => reinstateDriver(world.services, { driverId: who.driverId }, context(admin)), 'not_allowed_in_state');
    await expectRefused(world.services, who.stream, () => suspendDriver(world.services, { driverId: who.driverId, reason: 'x' }, context(who.actor)), 'forbidden');
  });

  it('refuses a blank reason, naming the field', async () => {
    const who = await applied();
    await approveDriver(world.services, { driverId: who.driverId }, context(admin));
    await expectRefused(world.services, who.stream, () => suspendDriver(world.services, { driverId: who.driverId, reason: '  ' }, context(admin)), 'invalid', 'data.reason');
  });
});
