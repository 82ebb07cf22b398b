import { useTranslation } from 'react-i18next';
import { isMobileMoneyMethod, mobileMoneyNetworks, type PayableMethod } from '../../../domain/catalogue/payments.js';
import { parseZambianMobile } from '../../../domain/shared/phone.js';

/** A method's name in the language on screen (the catalogue's names; brands stay as they are). */
export function useMethodName() {
  const { t } = useTranslation();
  return (method: string) =>
    method === 'cash' || isMobileMoneyMethod(method) || method === 'credit_card' || method === 'debit_card' || method === 'bank_transfer'
      ? t(`catalogue.paymentMethods.${method}.name`)
      : method;
}

/** The translation key of what is wrong with a payer's number for a wallet, or null when it will do. */
export function payerPhoneProblem(method: PayableMethod, raw: string): 'required' | 'notZambian' | 'wrongNetwork' | null {
  if (!isMobileMoneyMethod(method)) return null;
  if (raw.trim() === '') return 'required';
  const mobile = parseZambianMobile(raw);
  if (mobile === null) return 'notZambian';
  return mobile.network === mobileMoneyNetworks[method] ? null : 'wrongNetwork';
}

/** How a wallet's numbers start, as Zambians write them (096 / 076 for MTN …). */
export const networkPrefixes: Record<'mtn_money' | 'airtel_money' | 'zamtel_kwacha', string> = {
  mtn_money: '096, 076',
  airtel_money: '097, 077',
  zamtel_kwacha: '095, 075',
};
