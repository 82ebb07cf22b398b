import { emergencyContacts } from '../../domain/catalogue/emergency.js';
import type { NotificationReason } from '../../domain/tripShare/index.js';

const police = emergencyContacts.find((contact) => contact.service === 'police')!.numbers[0];

/** The languages the app speaks (web/src/i18n/languages.ts); a text is in the rider's, English when unknown. */
export const textLanguages = ['en', 'fr', 'pt', 'sw', 'zh', 'nya', 'bem'] as const;
export type TextLanguage = (typeof textLanguages)[number];
const isTextLanguage = (value: string | null | undefined): value is TextLanguage => textLanguages.includes(value as TextLanguage);

interface Wording {
  text: (name: string, why: string, url: string) => string;
  why: Record<NotificationReason, string>;
}

/** {name} greeting, {why} sentence, {url}, the police number: nothing more about anyone. */
const wordings: Record<TextLanguage, Wording> = {
  en: {
    text: (name, why, url) => `Hello ${name}, someone who lists you as a trusted contact ${why}: ${url} . If you think they are in danger, call the police on ${police}.`,
    why: {
      sos: 'has raised an EMERGENCY alert on a Tiyende ride. Our safety team has been alerted. Follow the ride live',
      rider_request: 'is sharing a Tiyende ride with you. Follow it live',
      trip_start: 'has started a Tiyende ride and asked us to tell you. Follow it live',
    },
  },
  fr: {
    text: (name, why, url) => `Bonjour ${name}, une personne qui vous a choisi comme contact de confiance ${why} : ${url} . Si vous pensez qu’elle est en danger, appelez la police au ${police}.`,
    why: {
      sos: 'a lancé une ALERTE D’URGENCE pendant une course Tiyende. Notre équipe de sécurité est prévenue. Suivez la course en direct',
      rider_request: 'partage avec vous une course Tiyende. Suivez-la en direct',
      trip_start: 'a commencé une course Tiyende et nous a demandé de vous prévenir. Suivez-la en direct',
    },
  },
  pt: {
    text: (name, why, url) => `Olá ${name}, uma pessoa que o indicou como contacto de confiança ${why}: ${url} . Se achar que está em perigo, ligue para a polícia: ${police}.`,
    why: {
      sos: 'enviou um ALERTA DE EMERGÊNCIA numa viagem Tiyende. A nossa equipa de segurança foi alertada. Acompanhe a viagem em direto',
      rider_request: 'está a partilhar consigo uma viagem Tiyende. Acompanhe-a em direto',
      trip_start: 'começou uma viagem Tiyende e pediu-nos para o avisar. Acompanhe-a em direto',
    },
  },
  sw: {
    text: (name, why, url) => `Habari ${name}, mtu aliyekuorodhesha kama mtu wa kuaminika ${why}: ${url} . Ukidhani yuko hatarini, piga simu polisi kwa ${police}.`,
    why: {
      sos: 'ametuma TAHADHARI YA DHARURA kwenye safari ya Tiyende. Timu yetu ya usalama imearifiwa. Fuatilia safari moja kwa moja',
      rider_request: 'anashiriki nawe safari ya Tiyende. Ifuatilie moja kwa moja',
      trip_start: 'ameanza safari ya Tiyende na ametuomba tukuarifu. Ifuatilie moja kwa moja',
    },
  },
  zh: {
    text: (name, why, url) => `${name}您好，一位将您列为紧急联系人的用户${why}：${url} 。如果您认为对方有危险，请拨打报警电话 ${police}。`,
    why: {
      sos: '在 Tiyende 行程中发出了紧急警报。我们的安全团队已收到通知。请实时跟踪行程',
      rider_request: '正在与您分享一段 Tiyende 行程。请实时跟踪',
      trip_start: '已开始一段 Tiyende 行程，并请我们通知您。请实时跟踪',
    },
  },
  nya: {
    text: (name, why, url) => `Moni ${name}, munthu amene anakulembani ngati munthu wodalirika ${why}: ${url} . Ngati mukuganiza kuti ali pangozi, imbani foni apolisi pa ${police}.`,
    why: {
      sos: 'watumiza CHENJEZO LADZIDZIDZI pa ulendo wa Tiyende. Gulu lathu la chitetezo ladziwitsidwa. Tsatirani ulendowo pompopompo',
      rider_request: 'akugawana nanu ulendo wa Tiyende. Utsatireni pompopompo',
      trip_start: 'wayamba ulendo wa Tiyende ndipo watipempha kuti tikudziwitseni. Utsatireni pompopompo',
    },
  },
  bem: {
    text: (name, why, url) => `Mulishani ${name}, umuntu uwamulemba nga umuntu uwacetekelwa ${why}: ${url} . Nga mulemona ukuti ali mu busanso, tumineni bakapokola pa ${police}.`,
    why: {
      sos: 'natuma UKUCENJESHA KWA BWAFYA pa lwendo lwa Tiyende. Ibumba lyesu ilya bucingo nalyeishibishiwa. Konkeleni ulwendo nomba line',
      rider_request: 'alemwakanako ulwendo lwa Tiyende. Lukonkeleni nomba line',
      trip_start: 'natendeka ulwendo lwa Tiyende kabili atulombele ukumwishibisha. Lukonkeleni nomba line',
    },
  },
};

/**
 * The SMS a trusted contact gets: who it is for, why, and the link. No name of the rider beyond
 * what the contact already knows (the contact's own name is the greeting), no place, no fare.
 * In the rider's language (the contact most likely shares it), English when it is not one of ours.
 */
export function trustedContactText(contact: { name: string; reason: NotificationReason }, url: string, language?: string | null): string {
  const wording = wordings[isTextLanguage(language) ? language : 'en'];
  return wording.text(contact.name, wording.why[contact.reason], url);
}
