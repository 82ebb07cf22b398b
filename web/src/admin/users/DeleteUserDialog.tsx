import { useToast } from '../../toast/Toaster.js';
import { AdminDialog } from '../ui/AdminDialog.js';
import { DialogActions } from '../ui/DialogActions.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { useDeleteUser, type AdminUser } from './usersApi.js';

/** Deleting an account cannot be undone: the admin confirms, seeing whose. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const { t } = useAdminTranslation();
  const toast = useToast();
  const remove = useDeleteUser();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!user) return;
    remove.mutate(user.id, {
      onSuccess: () => {
        toast({ title: t('users.deleted', { name: user.name }) });
        close();
      },
    });
  };
  return (
    <AdminDialog open={user !== null} title={t('users.deleteTitle')} onClose={close}>
      <p>{t('users.deleteBody', { name: user?.name ?? '', email: user?.email ?? '' })}</p>
      <DialogActions request={remove} failedMessage={t('users.changeFailed')} confirmLabel={t('users.deleteConfirm')} tone="danger" onCancel={close} onConfirm={confirm} />
    </AdminDialog>
  );
}
