import { createFileRoute } from '@tanstack/react-router';
import { PaymentsAdminPage } from '../../admin/payments/PaymentsAdminPage.js';

/** /admin/payments: payments, failures, refunds and reconciliation (the server lets admins alone read them). */
export const Route = createFileRoute('/admin/payments')({
  component: PaymentsAdminPage,
});
