/** Demo data: the accounts a fresh start creates, and the banner that tells a newcomer how to use them. */
export { seedDemoData, type DemoSeedReport, type SeedDeps } from './seed.js';
export { demoDataWanted } from './settings.js';
export { demoBanner } from './banner.js';
