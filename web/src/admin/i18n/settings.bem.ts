import type { AdminTranslation } from './adminTranslation.js';

/** See settings.en.ts. */
export const settingsBem: AdminTranslation['settings'] = {
  title: 'Amapange',
  intro: 'Ifyo imitengo, ukulomba kwa bakatwensha ne nshita fibomfya ukutula pa kusunga. Ubulendo ubwasungwa kale bulasunga umutengo wabo.',
  failed: 'Amapange tayaletwe. Napapata eseniko na kabili.',
  lastChanged: 'Yaalwilwe kulekelesha pa {{time}} kuli {{name}}.',
  neverChanged: 'Amapange ya ku ntendekelo yalebomba: takuli uwaalula cimo.',
  pricing: 'Imitengo',
  timing: 'Inshita',
  fields: {
    surgeEnabled: { label: 'Ukunina kwa mutengo', hint: 'Pa nshita sha bantu abengi (07:00–09:59 na 17:00–19:59) imitengo ilanina ku citika. Calesha ku ntendekelo: tulalaya abenda ukuti umutengo tawanina.' },
    weather: { label: 'Imiceele', hint: 'Imiceele iyo imitengo ipendelwapo, mpaka mukaalule.' },
    bidWindowSeconds: { label: 'Inshita ya kulomba umutengo (masekondi)', hint: 'Inshita ukulomba kwa katwensha kwikala ukwisuka: masekondi {{min}} ukufika {{max}}.' },
    searchWindowMinutes: { label: 'Inshita ya kufwaya (mamineti)', hint: 'Inshita ubulendo bufwaya katwensha ilyo tabulapwa nga “tapasangwa katwensha”: mamineti {{min}} ukufika {{max}}.' },
    scheduledDispatchLeadMinutes: { label: 'Inshita ya ntanshi iya bulendo ubwapangwa (mamineti)', hint: 'Inshita ilyo tapalafika iyo ubulendo ubwapangwa butendekelapo ukufwaya katwensha: mamineti {{min}} ukufika {{max}}.' },
  },
  weather: { clear: 'Kwaaka (tapali ukwalula)', rain: 'Imfula (+10 %)', storm: 'Icipupu (+30 %)' },
  outOfRange: 'Lembeni inambala iyishili ne cipande ukufuma pa {{min}} ukufika {{max}}.',
  save: 'Sungeni amapange',
  saved: 'Amapange yasungwa: yalatendeka pa mutengo ukonkelepo',
  saveFailed: 'Amapange tayasungilwe',
  nothingChanged: 'Tapali ica kusunga: aya e mapange yalebomba.',
  restoreDefaults: 'Bweseni aya ku ntendekelo',
};
