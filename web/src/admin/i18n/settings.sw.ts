import type { AdminTranslation } from './adminTranslation.js';

/** See settings.en.ts. */
export const settingsSw: AdminTranslation['settings'] = {
  title: 'Mipangilio',
  intro: 'Kinachotumiwa na makadirio ya bei, zabuni na vipima muda tangu unapohifadhi. Safari zilizokwisha agizwa zinabaki na bei yake.',
  failed: 'Mipangilio haikuweza kupakiwa. Tafadhali jaribu tena.',
  lastChanged: 'Ilibadilishwa mwisho {{time}} na {{name}}.',
  neverChanged: 'Chaguo-msingi zinatumika: hakuna aliyebadilisha chochote bado.',
  pricing: 'Bei',
  timing: 'Muda',
  fields: {
    surgeEnabled: { label: 'Bei ya msongamano', hint: 'Saa za msongamano (07:00–09:59 na 17:00–19:59) nauli hupanda kwa nusu. Imezimwa kwa chaguo-msingi: tunawaahidi abiria hakuna bei ya msongamano.' },
    weather: { label: 'Hali ya hewa', hint: 'Hali inayotumika kukadiria bei, hadi uibadilishe.' },
    bidWindowSeconds: { label: 'Muda wa zabuni (sekunde)', hint: 'Muda zabuni ya dereva inabaki wazi: sekunde {{min}} hadi {{max}}.' },
    searchWindowMinutes: { label: 'Muda wa kutafuta (dakika)', hint: 'Muda safari inatafuta dereva kabla ya kuisha kama “hakuna dereva aliyepatikana”: dakika {{min}} hadi {{max}}.' },
    scheduledDispatchLeadMinutes: { label: 'Muda wa mapema wa safari zilizopangwa (dakika)', hint: 'Muda kabla ya saa yake ambapo safari iliyopangwa inaanza kutafuta dereva: dakika {{min}} hadi {{max}}.' },
  },
  weather: { clear: 'Anga safi (hakuna badiliko)', rain: 'Mvua (+10 %)', storm: 'Dhoruba (+30 %)' },
  outOfRange: 'Weka namba kamili kuanzia {{min}} hadi {{max}}.',
  save: 'Hifadhi mipangilio',
  saved: 'Mipangilio imehifadhiwa: inatumika kuanzia makadirio yajayo',
  saveFailed: 'Mipangilio haikuhifadhiwa',
  nothingChanged: 'Hakuna cha kuhifadhi: hii ndiyo mipangilio inayotumika.',
  restoreDefaults: 'Rejesha chaguo-msingi',
};
