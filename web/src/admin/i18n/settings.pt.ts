import type { AdminTranslation } from './adminTranslation.js';

/** See settings.en.ts. */
export const settingsPt: AdminTranslation['settings'] = {
  title: 'Definições',
  intro: 'O que as cotações, ofertas e temporizadores usam a partir do momento em que guarda. As viagens já reservadas mantêm o preço cotado.',
  failed: 'Não foi possível carregar as definições. Tente de novo.',
  lastChanged: 'Alterado pela última vez a {{time}} por {{name}}.',
  neverChanged: 'Aplicam-se os valores predefinidos: ninguém alterou nada ainda.',
  pricing: 'Preços',
  timing: 'Tempos',
  fields: {
    surgeEnabled: { label: 'Tarifa dinâmica', hint: 'Nas horas de ponta (07:00–09:59 e 17:00–19:59) as tarifas sobem metade. Desligada por predefinição: prometemos aos passageiros que não há tarifa dinâmica.' },
    weather: { label: 'Meteorologia', hint: 'A condição aplicada às cotações, até a alterar.' },
    bidWindowSeconds: { label: 'Janela de ofertas (segundos)', hint: 'Quanto tempo uma oferta de motorista fica aberta: de {{min}} a {{max}} segundos.' },
    searchWindowMinutes: { label: 'Tempo de procura (minutos)', hint: 'Quanto tempo uma viagem procura motorista antes de terminar como «nenhum motorista encontrado»: de {{min}} a {{max}} minutos.' },
    scheduledDispatchLeadMinutes: { label: 'Antecedência das viagens agendadas (minutos)', hint: 'Quanto tempo antes da hora uma viagem agendada começa a procurar motorista: de {{min}} a {{max}} minutos.' },
  },
  weather: { clear: 'Céu limpo (sem alteração)', rain: 'Chuva (+10 %)', storm: 'Tempestade (+30 %)' },
  outOfRange: 'Introduza um número inteiro de {{min}} a {{max}}.',
  save: 'Guardar definições',
  saved: 'Definições guardadas: aplicam-se a partir da próxima cotação',
  saveFailed: 'As definições não foram guardadas',
  nothingChanged: 'Nada a guardar: estas são as definições em vigor.',
  restoreDefaults: 'Repor predefinições',
};
