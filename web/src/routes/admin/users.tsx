import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../admin/users/UsersPage.js';

/** /admin/users: the accounts. */
export const Route = createFileRoute('/admin/users')({
  component: UsersPage,
});
