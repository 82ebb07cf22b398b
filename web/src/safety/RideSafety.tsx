import { driverAssignedStatuses, endedRideStatuses, isRideStatusIn } from '../../../domain/ride/values.js';
import { AudioRecording } from './AudioRecording.js';
import { RideCheckPrompt } from './RideCheckPrompt.js';
import { RideMessages } from './RideMessages.js';
import { SharePanel } from './SharePanel.js';
import './safety.css';

/**
 * The safety net beside a ride on screen (loaded on its own, after the ride): for the rider the
 * ride checks to answer and sharing the trip; for both, messages and audio recording once a driver
 * is on the ride (recording is asked for until the ride ends; after it, the card stays only for a
 * recording still to upload or kept).
 */
export default function RideSafety({ rideId, party, status, live }: { rideId: string; party: 'rider' | 'driver' | null; status: string; live: boolean }) {
  const ended = isRideStatusIn(endedRideStatuses, status);
  return (
    <>
      {party === 'rider' && !ended && <RideCheckPrompt rideId={rideId} live={live} />}
      {party !== null && isRideStatusIn(driverAssignedStatuses, status) && <RideMessages rideId={rideId} party={party} live={live} />}
      {party !== null && isRideStatusIn(driverAssignedStatuses, status) && <AudioRecording rideId={rideId} party={party} live={live} ended={ended} />}
      {party === 'rider' && <SharePanel rideId={rideId} ended={ended} />}
    </>
  );
}
