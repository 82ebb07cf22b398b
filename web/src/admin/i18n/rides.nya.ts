import type { AdminTranslation } from './adminTranslation.js';

/** See rides.en.ts. */
export const ridesNya: AdminTranslation['rides'] = {
  title: 'Maulendo',
  intro: 'Maulendo onse, osungidwa posachedwa poyamba. Mndandanda umasinthidwa masekondi {{seconds}} aliwonse.',
  filtersLabel: 'Sankhani maulendo',
  filters: { status: 'Momwe ulili', city: 'Tawuni', vehicleType: 'Mtundu wa galimoto', date: 'Unasungidwa pa', any: 'Iliyonse', clear: 'Chotsani zosankha' },
  failed: 'Maulendo sanakwezedwe. Chonde yesaninso.',
  empty: 'Palibe ulendo wogwirizana ndi zosankhazi.',
  open: 'Tsegulani mbiri ya ulendo',
  columns: { ride: 'Ulendo', booked: 'Unasungidwa', route: 'Njira', city: 'Tawuni', vehicle: 'Galimoto', status: 'Momwe ulili', fare: 'Mtengo' },
  statuses: {
    scheduled: 'Wakonzedwa',
    pending: 'Tikufuna woyendetsa',
    accepted: 'Woyendetsa ali panjira',
    arrived: 'Woyendetsa wafika',
    in_progress: 'Ali paulendo',
    completed: 'Watha',
    cancelled: 'Walephereka',
    expired: 'Palibe woyendetsa wopezeka',
  },
  scheduledFor: 'Wa {{time}}',
  emergency: 'Zadzidzidzi',
  pricing: { fixed: 'Mtengo wokhazikika', bidding: 'Kupikisana pa mtengo' },
};
