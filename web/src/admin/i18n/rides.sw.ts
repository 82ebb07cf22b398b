import type { AdminTranslation } from './adminTranslation.js';

/** See rides.en.ts. */
export const ridesSw: AdminTranslation['rides'] = {
  title: 'Safari',
  intro: 'Safari zote, iliyoagizwa karibuni kwanza. Orodha inasasishwa kila sekunde {{seconds}}.',
  filtersLabel: 'Chuja safari',
  filters: { status: 'Hali', city: 'Mji', vehicleType: 'Aina ya gari', date: 'Iliagizwa tarehe', any: 'Yoyote', clear: 'Ondoa vichujio' },
  failed: 'Safari hazikuweza kupakiwa. Tafadhali jaribu tena.',
  empty: 'Hakuna safari inayolingana na vichujio hivi.',
  open: 'Fungua kumbukumbu za safari',
  columns: { ride: 'Safari', booked: 'Iliagizwa', route: 'Njia', city: 'Mji', vehicle: 'Gari', status: 'Hali', fare: 'Nauli' },
  statuses: {
    scheduled: 'Imepangwa',
    pending: 'Inatafuta dereva',
    accepted: 'Dereva yuko njiani',
    arrived: 'Dereva amefika',
    in_progress: 'Safarini',
    completed: 'Imekamilika',
    cancelled: 'Imeghairiwa',
    expired: 'Hakuna dereva aliyepatikana',
  },
  scheduledFor: 'Kwa {{time}}',
  emergency: 'Dharura',
  pricing: { fixed: 'Bei maalum', bidding: 'Zabuni' },
};
