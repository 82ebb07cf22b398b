import type { AdminTranslation } from './adminTranslation.js';
import { dashboardFr } from './dashboard.fr.js';
import { driversFr } from './drivers.fr.js';
import { ridesFr } from './rides.fr.js';
import { settingsFr } from './settings.fr.js';
import { supportFr } from './support.fr.js';
import { paymentsFr } from './payments.fr.js';
import { usersFr } from './users.fr.js';
import { incidentsFr } from './incidents.fr.js';

/** See en.ts. */
export const adminFr: AdminTranslation = {
  meta: {
    title: 'Portail d’administration | Tiyende',
    description: 'Opérations Tiyende : chauffeurs à vérifier, utilisateurs, courses en direct et réglages de la plateforme.',
  },
  shell: {
    portal: 'Portail d’administration',
    verifying: 'Vérification de l’accès administrateur...',
    checkFailed: 'L’accès administrateur n’a pas pu être vérifié.',
    retry: 'Réessayer',
    navLabel: 'Navigation de l’administration',
    nav: {
      dashboard: 'Tableau de bord',
      users: 'Utilisateurs',
      drivers: 'Chauffeurs',
      rides: 'Courses',
      analytics: 'Analyses',
      settings: 'Paramètres',
      support: 'Assistance',
      payments: 'Paiements',
      incidents: 'Incidents',
    },
    signOut: 'Se déconnecter',
    viewApp: 'Voir l’application',
    systemOnline: 'Système en ligne',
    adminBadge: 'Administrateur',
    openMenu: 'Ouvrir le menu d’administration',
    closeMenu: 'Fermer le menu',
    skipToContent: 'Aller au contenu',
  },
  login: {
    title: 'Portail d’administration',
    metaTitle: 'Connexion administrateur | Tiyende',
    intro: 'Connectez-vous avec votre compte administrateur.',
    email: 'E-mail administrateur',
    password: 'Mot de passe',
    submit: 'Accéder au panneau d’administration',
    busy: 'Connexion en cours...',
    authorizedOnly: 'Réservé au personnel autorisé',
    backToApp: 'Retour à l’application Tiyende',
    fillAllFields: 'Veuillez remplir tous les champs',
    failed: 'Échec de la connexion',
  },
  ui: {
    close: 'Fermer',
    cancel: 'Annuler',
    save: 'Enregistrer',
    saving: 'Enregistrement...',
  },
  dashboard: dashboardFr,
  users: usersFr,
  drivers: driversFr,
  rides: ridesFr,
  settings: settingsFr,
  support: supportFr,
  payments: paymentsFr,
  incidents: incidentsFr,
};
