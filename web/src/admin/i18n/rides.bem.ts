import type { AdminTranslation } from './adminTranslation.js';

/** See rides.en.ts. */
export const ridesBem: AdminTranslation['rides'] = {
  title: 'Ubulendo',
  intro: 'Ubulendo bonse, ubwasungwa nomba line pa ntanshi. Ilyo lisita lyaluluka pa masekondi {{seconds}} yonse.',
  filtersLabel: 'Saleni ubulendo',
  filters: { status: 'Fyo buli', city: 'Umushi', vehicleType: 'Umusango wa motoka', date: 'Bwasungilwe pa', any: 'Fyonse', clear: 'Fumyeni ifyo mwasala' },
  failed: 'Ubulendo tabwaletwe. Napapata eseniko na kabili.',
  empty: 'Takuli ubulendo ubwalingana ne fyo mwasala.',
  open: 'Isuleni ilyashi lya bulendo',
  columns: { ride: 'Ubulendo', booked: 'Bwasungilwe', route: 'Inshila', city: 'Umushi', vehicle: 'Motoka', status: 'Fyo buli', fare: 'Umutengo' },
  statuses: {
    scheduled: 'Bwapangwa',
    pending: 'Tulefwaya katwensha',
    accepted: 'Katwensha ali mu nshila',
    arrived: 'Katwensha afika',
    in_progress: 'Mu bulendo',
    completed: 'Bwapwa',
    cancelled: 'Bwafutwa',
    expired: 'Tapasangwa katwensha',
  },
  scheduledFor: 'Ubwa {{time}}',
  emergency: 'Ubwafya',
  pricing: { fixed: 'Umutengo wakosa', bidding: 'Ukulomba imitengo' },
};
