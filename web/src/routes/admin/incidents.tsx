import { createFileRoute } from '@tanstack/react-router';
import { IncidentsPage } from '../../admin/incidents/IncidentsPage.js';

/** /admin/incidents: the live incident queue (SOS presses and unanswered ride checks). */
export const Route = createFileRoute('/admin/incidents')({
  component: IncidentsPage,
});
