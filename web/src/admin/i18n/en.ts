import { dashboardEn } from './dashboard.en.js';
import { driversEn } from './drivers.en.js';
import { ridesEn } from './rides.en.js';
import { settingsEn } from './settings.en.js';
import { supportEn } from './support.en.js';
import { paymentsEn } from './payments.en.js';
import { usersEn } from './users.en.js';
import { incidentsEn } from './incidents.en.js';

/** The admin portal (/admin/login, /admin and its screens): its own namespace, loaded only there. */
export const adminEn = {
  meta: {
    title: 'Admin portal | Tiyende',
    description: 'Tiyende operations: drivers to verify, users, live rides and platform settings.',
  },
  shell: {
    portal: 'Admin Portal',
    verifying: 'Verifying admin access...',
    checkFailed: 'Admin access could not be checked.',
    retry: 'Try again',
    navLabel: 'Admin navigation',
    nav: {
      dashboard: 'Dashboard',
      users: 'Users',
      drivers: 'Drivers',
      rides: 'Rides',
      analytics: 'Analytics',
      settings: 'Settings',
      support: 'Support',
      payments: 'Payments',
      incidents: 'Incidents',
    },
    signOut: 'Sign Out',
    viewApp: 'View App',
    systemOnline: 'System Online',
    adminBadge: 'Admin',
    openMenu: 'Open the admin menu',
    closeMenu: 'Close the menu',
    skipToContent: 'Skip to content',
  },
  login: {
    title: 'Admin Portal',
    metaTitle: 'Admin sign-in | Tiyende',
    intro: 'Sign in with your administrator account.',
    email: 'Admin email',
    password: 'Password',
    submit: 'Access Admin Panel',
    busy: 'Signing In...',
    authorizedOnly: 'Authorized personnel only',
    backToApp: 'Back to the Tiyende app',
    fillAllFields: 'Please fill in all fields',
    failed: 'Login failed',
  },
  ui: {
    close: 'Close',
    cancel: 'Cancel',
    save: 'Save',
    saving: 'Saving...',
  },
  dashboard: dashboardEn,
  users: usersEn,
  drivers: driversEn,
  rides: ridesEn,
  settings: settingsEn,
  support: supportEn,
  payments: paymentsEn,
  incidents: incidentsEn,
};
