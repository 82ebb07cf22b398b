/**
 * Phone numbers as people in Zambia write them, and the mobile networks behind them. Accounts,
 * trusted contacts, SMS and mobile-money payments all read a number through here, so the same
 * number is never stored under two spellings nor checked by two different rules.
 */

/** Zambia's mobile networks, each with the prefixes (after the leading 0) its numbers start with. */
export const mobileNetworks = {
  mtn: { name: 'MTN', prefixes: ['96', '76'] },
  airtel: { name: 'Airtel', prefixes: ['97', '77'] },
  zamtel: { name: 'Zamtel', prefixes: ['95', '75'] },
} as const;
export type MobileNetwork = keyof typeof mobileNetworks;

export interface ZambianMobileNumber {
  /** `+260971234567`: how it is stored and shown. */
  e164: string;
  /** `260971234567`: what mobile-money APIs call the MSISDN (country code, no `+`). */
  msisdn: string;
  /** `0971234567`: how Zambians write it. */
  national: string;
  network: MobileNetwork;
}

/**
 * A phone number as people in Zambia write it (`0971 234 567`, `260971234567`, `+260 97 123 4567`)
 * or any international number with its `+` (or `00`), as E.164; null when it is not a number.
 */
export function normalisePhoneNumber(raw: string): string | null {
  const compact = raw.replace(/[\s().-]/g, '');
  const e164 =
    /^0\d{9}$/.test(compact) ? `+260${compact.slice(1)}`
    : /^260\d{9}$/.test(compact) ? `+${compact}`
    : /^00\d{8,15}$/.test(compact) ? `+${compact.slice(2)}`
    : compact;
  if (!/^\+[1-9]\d{7,14}$/.test(e164)) return null;
  if (e164.startsWith('+260') && e164.length !== 13) return null;
  return e164;
}

/** A Zambian mobile number on one of the three networks; null for anything else (a landline, a foreign number). */
export function parseZambianMobile(raw: string): ZambianMobileNumber | null {
  const e164 = normalisePhoneNumber(raw);
  if (e164 === null || !e164.startsWith('+260')) return null;
  const subscriber = e164.slice(4); // nine digits: two of network prefix, seven of subscriber
  const network = networkOfPrefix(subscriber.slice(0, 2));
  if (network === null) return null;
  return { e164, msisdn: e164.slice(1), national: `0${subscriber}`, network };
}

function networkOfPrefix(prefix: string): MobileNetwork | null {
  for (const [network, { prefixes }] of Object.entries(mobileNetworks) as Array<[MobileNetwork, { prefixes: readonly string[] }]>) {
    if (prefixes.includes(prefix)) return network;
  }
  return null;
}

/** What to tell someone whose number is not a Zambian mobile number of the network they chose. */
export function mobileNumberProblem(raw: string, expected?: MobileNetwork): string | null {
  const parsed = parseZambianMobile(raw);
  if (parsed === null) return 'must be a Zambian mobile number such as 0971 234 567 or +260 97 123 4567';
  if (expected !== undefined && parsed.network !== expected) {
    const { name, prefixes } = mobileNetworks[expected];
    return `must be an ${name} number (starting 0${prefixes.join(' or 0')}); ${parsed.national} is on ${mobileNetworks[parsed.network].name}`;
  }
  return null;
}
