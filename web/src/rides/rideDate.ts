/** A date and time in the reader's language, in Zambia's time (Bemba and Nyanja read the Zambian English form). */
export const rideDate = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(language === 'bem' || language === 'nya' ? 'en-ZM' : language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lusaka' }).format(new Date(iso));
