/**
 * Zambian telephone numbers as people read them (+260, spec 001 §9) and as phones dial them.
 * Three-digit service codes (991, 933) are dialled as they are.
 */
const COUNTRY_CODE = '260';
const NATIONAL_LENGTH = 9;

/** The nine national digits of a Zambian number ("0977 123456", "+260977123456"), or undefined. */
function nationalDigits(number: string): string | undefined {
  const digits = number.replace(/\D/g, '');
  const national = digits.startsWith(COUNTRY_CODE) && digits.length === COUNTRY_CODE.length + NATIONAL_LENGTH
    ? digits.slice(COUNTRY_CODE.length)
    : digits.startsWith('0') && digits.length === NATIONAL_LENGTH + 1
      ? digits.slice(1)
      : digits.length === NATIONAL_LENGTH
        ? digits
        : undefined;
  return national;
}

/**
 * "+260 97 712 3456" for a mobile number (it starts with 7 or 9), "+260 211 220 006" for a
 * landline; short codes and anything unrecognised come back unchanged.
 */
export function formatZambianPhone(number: string): string {
  const national = nationalDigits(number);
  if (!national) return number.trim();
  const mobile = national.startsWith('7') || national.startsWith('9');
  const groups = mobile ? [national.slice(0, 2), national.slice(2, 5), national.slice(5)] : [national.slice(0, 3), national.slice(3, 6), national.slice(6)];
  return `+${COUNTRY_CODE} ${groups.join(' ')}`;
}

/** The `tel:` target: E.164 for full numbers (works from any SIM), digits for short codes. */
export function telHref(number: string): string {
  const national = nationalDigits(number);
  return `tel:${national ? `+${COUNTRY_CODE}${national}` : number.replace(/[^\d+]/g, '')}`;
}

/** All but the last four digits hidden, the country code kept: "+260 •• ••• 3456" (spec 001 §9). */
export function maskZambianPhone(number: string): string {
  const formatted = formatZambianPhone(number);
  const prefix = formatted.startsWith(`+${COUNTRY_CODE} `) ? `+${COUNTRY_CODE} ` : '';
  const rest = formatted.slice(prefix.length);
  let digitsLeft = rest.replace(/\D/g, '').length;
  return prefix + rest.replace(/\d/g, (digit) => (digitsLeft-- > 4 ? '•' : digit));
}
