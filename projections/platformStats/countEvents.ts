import type { DriverDutyEvent } from '../../domain/driverDuty/events.js';
import type { DriverVerificationEvent } from '../../domain/driverVerification/events.js';
import type { RideEvent } from '../../domain/ride/events.js';
import { splitFare } from '../../domain/fare/index.js';
import { lusakaDay, type CalendarDay } from '../shared/lusakaCalendar.js';
import type { Stored } from '../shared/storedEvents.js';

export interface DailyCounts {
  rides_requested: number;
  rides_completed: number;
  rides_cancelled: number;
  rides_expired: number;
  revenue_ngwee: number;
  commission_ngwee: number;
}

export interface TotalCounts {
  rides_total: number;
  live_rides: number;
  scheduled_rides: number;
  completed_rides: number;
  revenue_ngwee: number;
  commission_ngwee: number;
  drivers_total: number;
  drivers_pending: number;
  drivers_approved: number;
  drivers_rejected: number;
  drivers_suspended: number;
  drivers_online: number;
}

const noDailyCounts = (): DailyCounts => ({
  rides_requested: 0, rides_completed: 0, rides_cancelled: 0, rides_expired: 0, revenue_ngwee: 0, commission_ngwee: 0,
});

export const noTotals = (): TotalCounts => ({
  rides_total: 0, live_rides: 0, scheduled_rides: 0, completed_rides: 0, revenue_ngwee: 0, commission_ngwee: 0,
  drivers_total: 0, drivers_pending: 0, drivers_approved: 0, drivers_rejected: 0, drivers_suspended: 0, drivers_online: 0,
});

/**
 * What a batch changes in the counters. Each event type is exactly one transition of its machine,
 * so the change follows from the event alone: a RideCancelled's stage says whether the ride was
 * live or still scheduled; a DriverApplicationSubmitted at revision 0 is a first application, any
 * later one a resubmission after a rejection.
 */
export class Counts {
  readonly daily = new Map<CalendarDay, DailyCounts>();
  readonly totals = noTotals();

  private day(instant: string): DailyCounts {
    const day = lusakaDay(instant);
    const counts = this.daily.get(day) ?? noDailyCounts();
    this.daily.set(day, counts);
    return counts;
  }

  ride({ event }: Stored<RideEvent>): void {
    const totals = this.totals;
    switch (event.type) {
      case 'RideRequested':
      case 'ScheduledRideDispatched': {
        const at = event.type === 'RideRequested' ? event.data.requestedAt : event.data.dispatchedAt;
        this.day(at).rides_requested += 1;
        totals.rides_total += 1;
        totals.live_rides += 1;
        if (event.type === 'ScheduledRideDispatched') totals.scheduled_rides -= 1;
        return;
      }
      case 'RideScheduled':
        totals.scheduled_rides += 1;
        return;
      case 'TripCompleted': {
        const { commissionNgwee } = splitFare(event.data.finalFareNgwee);
        const day = this.day(event.data.completedAt);
        day.rides_completed += 1;
        day.revenue_ngwee += event.data.finalFareNgwee;
        day.commission_ngwee += commissionNgwee;
        totals.live_rides -= 1;
        totals.completed_rides += 1;
        totals.revenue_ngwee += event.data.finalFareNgwee;
        totals.commission_ngwee += commissionNgwee;
        return;
      }
      case 'RideCancelled':
        this.day(event.data.cancelledAt).rides_cancelled += 1;
        if (event.data.stage === 'scheduled') totals.scheduled_rides -= 1;
        else totals.live_rides -= 1;
        return;
      case 'RideExpired':
        this.day(event.data.expiredAt).rides_expired += 1;
        totals.live_rides -= 1;
        return;
      default:
        return; // the rest move a ride within its live stretch, or rate it: no counter changes
    }
  }

  verification({ event, revision }: Stored<DriverVerificationEvent>): void {
    const totals = this.totals;
    switch (event.type) {
      case 'DriverApplicationSubmitted':
        if (revision === 0n) totals.drivers_total += 1;
        else totals.drivers_rejected -= 1;
        totals.drivers_pending += 1;
        return;
      case 'DriverApproved':
        totals.drivers_pending -= 1;
        totals.drivers_approved += 1;
        return;
      case 'DriverRejected':
        totals.drivers_pending -= 1;
        totals.drivers_rejected += 1;
        return;
      case 'DriverSuspended':
        totals.drivers_approved -= 1;
        totals.drivers_suspended += 1;
        return;
      case 'DriverReinstated':
        totals.drivers_suspended -= 1;
        totals.drivers_approved += 1;
        return;
    }
  }

  duty({ event }: Stored<DriverDutyEvent>): void {
    if (event.type === 'DriverWentOnline') this.totals.drivers_online += 1;
    if (event.type === 'DriverWentOffline') this.totals.drivers_online -= 1;
  }
}
