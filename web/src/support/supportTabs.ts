/** The support centre's tabs (spec 001 §2), named in the URL: /support?tab=faq. */
export const supportTabs = ['overview', 'trips', 'account', 'faq', 'contact', 'resources'] as const;
export type SupportTab = (typeof supportTabs)[number];

export interface SupportSearch {
  tab?: SupportTab;
}

export const validateSupportSearch = (search: Record<string, unknown>): SupportSearch =>
  (supportTabs as readonly unknown[]).includes(search.tab) ? { tab: search.tab as SupportTab } : {};
