import { describe, expect, it } from 'vitest';
import type { IncidentAlertMessage } from '../../live/liveMessages.js';
import { alertToSound } from './alertSound.js';

const alert = (fields: Partial<IncidentAlertMessage>): IncidentAlertMessage => ({
  type: 'incident_alert',
  incidentId: 'ride-1_incident1',
  rideId: 'ride-1',
  status: 'raised',
  event: 'raised',
  cause: 'sos',
  alertCount: 1,
  at: '2026-11-27T10:00:00.000Z',
  ...fields,
});

describe('when the admin alert sounds', () => {
  it('sounds for a new incident, once however often the alert arrives', () => {
    const heard = new Set<string>();
    expect(alertToSound(alert({}), heard)).toBe(true);
    expect(alertToSound(alert({}), heard)).toBe(false);
    // The same incident's alert read again later (a reconnected socket) stays quiet too.
    expect(alertToSound(alert({ at: '2026-11-27T10:00:05.000Z' }), heard)).toBe(false);
  });

  it('sounds for another incident, another press or check on an open one, and each re-alert', () => {
    const heard = new Set<string>();
    expect(alertToSound(alert({}), heard)).toBe(true);
    expect(alertToSound(alert({ incidentId: 'ride-2_incident1', rideId: 'ride-2' }), heard)).toBe(true);
    const added = alert({ event: 'alert_added', cause: 'ride_check', alertCount: null, at: '2026-11-27T10:01:00.000Z' });
    expect(alertToSound(added, heard)).toBe(true);
    expect(alertToSound(added, heard)).toBe(false);
    expect(alertToSound(alert({ event: 'alert_added', cause: 'sos', alertCount: null, at: '2026-11-27T10:02:00.000Z' }), heard)).toBe(true);
    expect(alertToSound(alert({ event: 're_alerted', cause: null, alertCount: 2, at: '2026-11-27T10:03:00.000Z' }), heard)).toBe(true);
    expect(alertToSound(alert({ event: 're_alerted', cause: null, alertCount: 2, at: '2026-11-27T10:03:00.000Z' }), heard)).toBe(false);
    expect(alertToSound(alert({ event: 're_alerted', cause: null, alertCount: 3, at: '2026-11-27T10:04:00.000Z' }), heard)).toBe(true);
  });

  it('stays quiet when an incident is acknowledged or resolved', () => {
    const heard = new Set<string>();
    expect(alertToSound(alert({ status: 'acknowledged', event: 'acknowledged', cause: null, alertCount: null }), heard)).toBe(false);
    expect(alertToSound(alert({ status: 'resolved', event: 'resolved', cause: null, alertCount: null }), heard)).toBe(false);
    expect(heard.size).toBe(0);
  });
});
