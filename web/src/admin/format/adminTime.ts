/** Times as the Copperbelt reads them (Africa/Lusaka), in the language on screen. */
export const formatDateTime = (iso: string, language: string): string =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lusaka' });

export const formatDate = (iso: string, language: string): string =>
  new Date(iso).toLocaleDateString(language, { dateStyle: 'medium', timeZone: 'Africa/Lusaka' });
