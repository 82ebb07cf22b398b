import type { AdminTranslation } from './adminTranslation.js';

/** See rides.en.ts. */
export const ridesPt: AdminTranslation['rides'] = {
  title: 'Viagens',
  intro: 'Todas as viagens, a reserva mais recente primeiro. A lista atualiza-se a cada {{seconds}} segundos.',
  filtersLabel: 'Filtrar viagens',
  filters: { status: 'Estado', city: 'Cidade', vehicleType: 'Tipo de veículo', date: 'Reservada em', any: 'Qualquer', clear: 'Limpar filtros' },
  failed: 'Não foi possível carregar as viagens. Tente de novo.',
  empty: 'Nenhuma viagem corresponde a estes filtros.',
  open: 'Abrir o histórico da viagem',
  columns: { ride: 'Viagem', booked: 'Reservada', route: 'Percurso', city: 'Cidade', vehicle: 'Veículo', status: 'Estado', fare: 'Tarifa' },
  statuses: {
    scheduled: 'Agendada',
    pending: 'À procura de motorista',
    accepted: 'Motorista a caminho',
    arrived: 'Motorista chegou',
    in_progress: 'Em viagem',
    completed: 'Concluída',
    cancelled: 'Cancelada',
    expired: 'Nenhum motorista encontrado',
  },
  scheduledFor: 'Para {{time}}',
  emergency: 'Emergência',
  pricing: { fixed: 'Preço fixo', bidding: 'Licitação' },
};
