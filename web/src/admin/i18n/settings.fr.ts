import type { AdminTranslation } from './adminTranslation.js';

/** See settings.en.ts. */
export const settingsFr: AdminTranslation['settings'] = {
  title: 'Paramètres',
  intro: 'Ce qu’utilisent les devis, les offres et les minuteries dès l’enregistrement. Les courses déjà réservées gardent leur prix.',
  failed: 'Les paramètres n’ont pas pu être chargés. Veuillez réessayer.',
  lastChanged: 'Dernière modification le {{time}} par {{name}}.',
  neverChanged: 'Les valeurs par défaut s’appliquent : personne n’a encore rien modifié.',
  pricing: 'Tarification',
  timing: 'Délais',
  fields: {
    surgeEnabled: { label: 'Tarif de pointe', hint: 'Aux heures de pointe (07:00–09:59 et 17:00–19:59), les prix augmentent de moitié. Désactivé par défaut : nous promettons aux passagers aucun tarif de pointe.' },
    weather: { label: 'Météo', hint: 'La condition appliquée aux devis, jusqu’à ce que vous la changiez.' },
    bidWindowSeconds: { label: 'Durée des offres (secondes)', hint: 'Durée de validité d’une offre de chauffeur : de {{min}} à {{max}} secondes.' },
    searchWindowMinutes: { label: 'Durée de recherche (minutes)', hint: 'Durée pendant laquelle une course cherche un chauffeur avant de finir « aucun chauffeur trouvé » : de {{min}} à {{max}} minutes.' },
    scheduledDispatchLeadMinutes: { label: 'Avance des courses programmées (minutes)', hint: 'Combien de temps avant l’heure une course programmée commence à chercher un chauffeur : de {{min}} à {{max}} minutes.' },
  },
  weather: { clear: 'Dégagé (aucun changement)', rain: 'Pluie (+10 %)', storm: 'Orage (+30 %)' },
  outOfRange: 'Saisissez un nombre entier de {{min}} à {{max}}.',
  save: 'Enregistrer les paramètres',
  saved: 'Paramètres enregistrés : ils s’appliquent dès le prochain devis',
  saveFailed: 'Les paramètres n’ont pas été enregistrés',
  nothingChanged: 'Rien à enregistrer : ce sont les paramètres en vigueur.',
  restoreDefaults: 'Rétablir les valeurs par défaut',
};
