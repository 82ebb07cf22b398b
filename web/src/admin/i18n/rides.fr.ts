import type { AdminTranslation } from './adminTranslation.js';

/** See rides.en.ts. */
export const ridesFr: AdminTranslation['rides'] = {
  title: 'Courses',
  intro: 'Toutes les courses, la plus récente d’abord. La liste s’actualise toutes les {{seconds}} secondes.',
  filtersLabel: 'Filtrer les courses',
  filters: { status: 'Statut', city: 'Ville', vehicleType: 'Type de véhicule', date: 'Réservée le', any: 'Tous', clear: 'Effacer les filtres' },
  failed: 'Les courses n’ont pas pu être chargées. Veuillez réessayer.',
  empty: 'Aucune course ne correspond à ces filtres.',
  open: 'Ouvrir l’historique de la course',
  columns: { ride: 'Course', booked: 'Réservée', route: 'Trajet', city: 'Ville', vehicle: 'Véhicule', status: 'Statut', fare: 'Tarif' },
  statuses: {
    scheduled: 'Programmée',
    pending: 'Recherche d’un chauffeur',
    accepted: 'Chauffeur en route',
    arrived: 'Chauffeur arrivé',
    in_progress: 'En course',
    completed: 'Terminée',
    cancelled: 'Annulée',
    expired: 'Aucun chauffeur trouvé',
  },
  scheduledFor: 'Pour le {{time}}',
  emergency: 'Urgence',
  pricing: { fixed: 'Prix fixe', bidding: 'Enchères' },
};
