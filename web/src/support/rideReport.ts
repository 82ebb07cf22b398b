import type { ContactMessage } from './contactForm.js';

/** What "Your trips" hands the contact form: which ride, and what kind of report. */
export interface RideReport {
  rideId: string;
  kind: 'issue' | 'lostItem';
  /** "Pickup → Dropoff", as the rider saw it. */
  route: string;
  /** When the ride was booked, as the reader writes dates. */
  date: string;
}

/** The contact form filled in for a report about a ride: the ride, a subject naming it, a category. */
export function prefilledFor(report: RideReport, subject: string, sender: { name: string; email: string }): ContactMessage {
  return {
    name: sender.name,
    email: sender.email,
    subject,
    category: 'ride_booking',
    message: '',
    urgency: report.kind === 'lostItem' ? 'high' : 'medium',
    rideId: report.rideId,
  };
}
