import type { AdminTranslation } from './adminTranslation.js';

/** See settings.en.ts. */
export const settingsNya: AdminTranslation['settings'] = {
  title: 'Makonzedwe',
  intro: 'Zomwe mitengo yoyerekeza, mitengo yopempha ndi nthawi zimagwiritsa ntchito kuyambira pomwe mwasunga. Maulendo osungidwa kale amasunga mtengo wawo.',
  failed: 'Makonzedwe sanakwezedwe. Chonde yesaninso.',
  lastChanged: 'Anasinthidwa komaliza pa {{time}} ndi {{name}}.',
  neverChanged: 'Makonzedwe oyambirira akugwira ntchito: palibe amene wasintha kalikonse.',
  pricing: 'Mitengo',
  timing: 'Nthawi',
  fields: {
    surgeEnabled: { label: 'Kukwera kwa mtengo nthawi yotanganidwa', hint: 'Nthawi yotanganidwa (07:00–09:59 ndi 17:00–19:59) mitengo imakwera ndi theka. Kwatsekedwa poyambira: tikulonjeza okwera kuti mtengo sukwera.' },
    weather: { label: 'Nyengo', hint: 'Nyengo yomwe mitengo imawerengedwera, mpaka mutasintha.' },
    bidWindowSeconds: { label: 'Nthawi ya mtengo wopempha (masekondi)', hint: 'Nthawi yomwe mtengo wopempha wa woyendetsa umakhala wotseguka: masekondi {{min}} mpaka {{max}}.' },
    searchWindowMinutes: { label: 'Nthawi yofufuza (mphindi)', hint: 'Nthawi yomwe ulendo umafufuza woyendetsa usanathe ngati “palibe woyendetsa wopezeka”: mphindi {{min}} mpaka {{max}}.' },
    scheduledDispatchLeadMinutes: { label: 'Nthawi yoyambirira ya maulendo okonzedwa (mphindi)', hint: 'Nthawi isanakwane pomwe ulendo wokonzedwa umayamba kufufuza woyendetsa: mphindi {{min}} mpaka {{max}}.' },
  },
  weather: { clear: 'Kowala (palibe kusintha)', rain: 'Mvula (+10 %)', storm: 'Mphepo yamkuntho (+30 %)' },
  outOfRange: 'Lembani nambala yathunthu kuchokera {{min}} mpaka {{max}}.',
  save: 'Sungani makonzedwe',
  saved: 'Makonzedwe asungidwa: ayamba kugwira ntchito pa mtengo wotsatira',
  saveFailed: 'Makonzedwe sanasungidwe',
  nothingChanged: 'Palibe choti musunge: awa ndi makonzedwe omwe akugwira ntchito.',
  restoreDefaults: 'Bwezeretsani oyambirira',
};
