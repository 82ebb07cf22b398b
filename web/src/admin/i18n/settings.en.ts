/** The settings screen (/admin/settings). */
export const settingsEn = {
  title: 'Settings',
  intro: 'What quotes, bids and timers use from the moment you save. Rides already booked keep the price they were quoted.',
  failed: 'The settings could not be loaded. Please try again.',
  lastChanged: 'Last changed {{time}} by {{name}}.',
  neverChanged: 'The defaults apply: nobody has changed anything yet.',
  pricing: 'Pricing',
  timing: 'Timing',
  fields: {
    surgeEnabled: { label: 'Surge pricing', hint: 'In the rush hours (07:00–09:59 and 17:00–19:59) fares rise by half. Off by default: we promise riders no surge.' },
    weather: { label: 'Weather', hint: 'The condition quotes are priced under, until you change it.' },
    bidWindowSeconds: { label: 'Bid window (seconds)', hint: 'How long a driver’s bid stays open: {{min}} to {{max}} seconds.' },
    searchWindowMinutes: { label: 'Search time (minutes)', hint: 'How long a ride looks for a driver before it ends as “no driver found”: {{min}} to {{max}} minutes.' },
    scheduledDispatchLeadMinutes: { label: 'Scheduled ride lead (minutes)', hint: 'How long before its time a scheduled ride starts looking for a driver: {{min}} to {{max}} minutes.' },
  },
  weather: { clear: 'Clear (no change)', rain: 'Rain (+10 %)', storm: 'Storm (+30 %)' },
  outOfRange: 'Enter a whole number from {{min}} to {{max}}.',
  save: 'Save settings',
  saved: 'Settings saved: they apply from the next quote',
  saveFailed: 'The settings were not saved',
  nothingChanged: 'Nothing to save: these are the settings in force.',
  restoreDefaults: 'Restore defaults',
};
