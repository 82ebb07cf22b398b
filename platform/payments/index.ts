/**
 * Mobile-money providers behind one port (port.ts), chosen by configuration (config.ts): MTN MoMo
 * Collections, Airtel Money Collections and the built-in sandbox. Callbacks arrive at
 * `<callback base>/<gateway>/…` and go to the provider of that gateway's `receiveCallback`.
 */
export * from './port.js';
export { paymentProvidersFromEnv, readPaymentsEnv, type PaymentProviders, type PaymentProviderDeps, type PaymentsEnv } from './config.js';
export { sandboxPaymentMigrations } from './sandbox/migrations.js';
export type { SandboxDatabase, SandboxRequestRow } from './sandbox/sandboxTables.js';
export type { SandboxWallet, SandboxDecision } from './sandbox/sandboxProvider.js';
export { mtnMomoProvider, type MtnMomoConfig } from './mtnMomo/mtnMomoProvider.js';
export { airtelMoneyProvider, airtelCallbackUrl, type AirtelMoneyConfig } from './airtelMoney/airtelMoneyProvider.js';
export { sandboxProvider } from './sandbox/sandboxProvider.js';
