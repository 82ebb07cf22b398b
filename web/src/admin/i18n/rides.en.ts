/** The rides list (/admin/rides). */
export const ridesEn = {
  title: 'Rides',
  intro: 'Every ride, newest booking first. The list refreshes every {{seconds}} seconds.',
  filtersLabel: 'Filter rides',
  filters: { status: 'Status', city: 'Town', vehicleType: 'Vehicle type', date: 'Booked on', any: 'Any', clear: 'Clear filters' },
  failed: 'The rides could not be loaded. Please try again.',
  empty: 'No rides match these filters.',
  open: 'Open the audit trail of ride',
  columns: { ride: 'Ride', booked: 'Booked', route: 'Route', city: 'Town', vehicle: 'Vehicle', status: 'Status', fare: 'Fare' },
  statuses: {
    scheduled: 'Scheduled',
    pending: 'Looking for a driver',
    accepted: 'Driver on the way',
    arrived: 'Driver arrived',
    in_progress: 'On the trip',
    completed: 'Completed',
    cancelled: 'Cancelled',
    expired: 'No driver found',
  },
  scheduledFor: 'For {{time}}',
  emergency: 'Emergency',
  pricing: { fixed: 'Fixed price', bidding: 'Bidding' },
};
