/** Lusaka calendar days: one reading for the domain (the driver's ledger) and every read model. */
export * from '../../domain/shared/lusakaCalendar.js';
