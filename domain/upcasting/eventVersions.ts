import { audioRecordingEventSchemas } from '../audioRecording/events.js';
import { bidEventSchemas } from '../bid/events.js';
import { dispatchEventVersions } from '../dispatch/index.js';
import { driverDutyEventVersions } from '../driverDuty/events.js';
import { driverVerificationEventVersions } from '../driverVerification/events.js';
import { incidentEventSchemas } from '../incident/events.js';
import { paymentEventSchemas } from '../payment/events.js';
import { platformSettingsEventVersions } from '../platformSettings/events.js';
import { rideEventSchemas } from '../ride/events.js';
import { rideCheckEventSchemas } from '../rideChecks/events.js';
import { rideMessageEventSchemas } from '../rideMessages/events.js';
import { routeEncodingEventVersions } from '../routeEncoding/events.js';
import { tripShareEventSchemas } from '../tripShare/events.js';
import { trustedContactEventSchemas } from '../trustedContacts/events.js';

const versionsOf = (schemas: Record<string, { version: number }>) =>
  Object.fromEntries(Object.entries(schemas).map(([type, { version }]) => [type, version]));

/** The schema version the write side records in each new event's metadata. */
export const currentEventVersions: Readonly<Record<string, number>> = {
  ...driverDutyEventVersions,
  ...driverVerificationEventVersions,
  ...routeEncodingEventVersions,
  ...versionsOf(rideEventSchemas),
  ...versionsOf(bidEventSchemas),
  ...versionsOf(paymentEventSchemas),
  ...dispatchEventVersions,
  ...platformSettingsEventVersions,
  ...versionsOf(incidentEventSchemas),
  ...versionsOf(rideCheckEventSchemas),
  ...versionsOf(trustedContactEventSchemas),
  ...versionsOf(tripShareEventSchemas),
  ...versionsOf(rideMessageEventSchemas),
  ...versionsOf(audioRecordingEventSchemas),
};

export function schemaVersionOf(type: string): number {
  const version = currentEventVersions[type];
  if (version === undefined) throw new Error(`Unknown event type ${type}: it has no schema version`);
  return version;
}
