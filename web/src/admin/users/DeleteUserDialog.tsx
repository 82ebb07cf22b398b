import { serverMessageOr } from '../../api/http.js';
import { useToast } from '../../toast/Toaster.js';
import { AdminDialog } from '../ui/AdminDialog.js';
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
      {remove.isError && (
        <p className="admin-alert" role="alert">
          {serverMessageOr(remove.error, t('users.changeFailed'))}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('ui.cancel')}
        </button>
        <button type="button" className="button button--danger" onClick={confirm} disabled={remove.isPending}>
          {t('users.deleteConfirm')}
        </button>
      </div>
    </AdminDialog>
  );
}
