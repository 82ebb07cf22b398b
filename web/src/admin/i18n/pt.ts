import type { AdminTranslation } from './adminTranslation.js';
import { dashboardPt } from './dashboard.pt.js';
import { driversPt } from './drivers.pt.js';
import { ridesPt } from './rides.pt.js';
import { settingsPt } from './settings.pt.js';
import { supportPt } from './support.pt.js';
import { paymentsPt } from './payments.pt.js';
import { usersPt } from './users.pt.js';
import { incidentsPt } from './incidents.pt.js';

/** See en.ts. */
export const adminPt: AdminTranslation = {
  meta: {
    title: 'Portal de administração | Tiyende',
    description: 'Operações Tiyende: motoristas por verificar, utilizadores, viagens em curso e definições da plataforma.',
  },
  shell: {
    portal: 'Portal de administração',
    verifying: 'A verificar o acesso de administrador...',
    checkFailed: 'Não foi possível verificar o acesso de administrador.',
    retry: 'Tentar de novo',
    navLabel: 'Navegação da administração',
    nav: {
      dashboard: 'Painel',
      users: 'Utilizadores',
      drivers: 'Motoristas',
      rides: 'Viagens',
      analytics: 'Análises',
      settings: 'Definições',
      support: 'Suporte',
      payments: 'Pagamentos',
      incidents: 'Incidentes',
    },
    signOut: 'Terminar sessão',
    viewApp: 'Ver a aplicação',
    systemOnline: 'Sistema em linha',
    adminBadge: 'Administrador',
    openMenu: 'Abrir o menu de administração',
    closeMenu: 'Fechar o menu',
    skipToContent: 'Saltar para o conteúdo',
  },
  login: {
    title: 'Portal de administração',
    metaTitle: 'Entrada de administrador | Tiyende',
    intro: 'Entre com a sua conta de administrador.',
    email: 'E-mail de administrador',
    password: 'Palavra-passe',
    submit: 'Aceder ao painel de administração',
    busy: 'A entrar...',
    authorizedOnly: 'Apenas pessoal autorizado',
    backToApp: 'Voltar à aplicação Tiyende',
    fillAllFields: 'Preencha todos os campos',
    failed: 'Falha ao entrar',
  },
  ui: {
    close: 'Fechar',
    cancel: 'Cancelar',
    save: 'Guardar',
    saving: 'A guardar...',
  },
  dashboard: dashboardPt,
  users: usersPt,
  drivers: driversPt,
  rides: ridesPt,
  settings: settingsPt,
  support: supportPt,
  payments: paymentsPt,
  incidents: incidentsPt,
};
