/** How a ride is priced: the quote as it stands, or the rider's own offer that drivers bid on. */
export const pricingMethods = ['fixed', 'bidding'] as const;
export type PricingMethod = (typeof pricingMethods)[number];
