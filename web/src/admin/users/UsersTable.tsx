import { languageByCode } from '../../i18n/languages.js';
import { useToast } from '../../toast/Toaster.js';
import { serverMessageOr } from '../../api/http.js';
import { formatDate } from '../format/adminTime.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { isManagedHere, useUpdateUser, type AdminUser } from './usersApi.js';

interface UsersTableProps {
  users: readonly AdminUser[];
  onEdit(user: AdminUser): void;
  onDelete(user: AdminUser): void;
}

/** User, Type, Language, Status, Joined, Actions; admins' rows offer no actions (spec: delete hidden for admins). */
export function UsersTable({ users, onEdit, onDelete }: UsersTableProps) {
  const { t } = useAdminTranslation();
  if (users.length === 0) return <p className="card admin-empty">{t('users.empty')}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{t('users.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('users.columns.user')}</th>
            <th scope="col">{t('users.columns.type')}</th>
            <th scope="col">{t('users.columns.language')}</th>
            <th scope="col">{t('users.columns.status')}</th>
            <th scope="col">{t('users.columns.joined')}</th>
            <th scope="col">{t('users.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserRow({ user, onEdit, onDelete }: { user: AdminUser } & Omit<UsersTableProps, 'users'>) {
  const { t, i18n } = useAdminTranslation();
  const toast = useToast();
  const update = useUpdateUser();
  const toggle = () =>
    update.mutate(
      { userId: user.id, edit: { isActive: !user.isActive } },
      {
        onSuccess: () => toast({ title: user.isActive ? t('users.deactivated', { name: user.name }) : t('users.activated', { name: user.name }) }),
        onError: (error) => toast({ title: t('users.changeFailed'), description: serverMessageOr(error, t('users.tryAgain')), variant: 'destructive' }),
      },
    );
  return (
    <tr data-testid={`user-row-${user.id}`}>
      <td>
        <span className="admin-table__person">
          <strong>{user.name}</strong>
          <span className="fine-print">{user.email}</span>
          {user.phone && <span className="fine-print">{user.phone}</span>}
        </span>
      </td>
      <td>{t(`users.types.${user.userType}`)}</td>
      <td lang={user.language === 'nya' ? 'ny' : user.language}>{languageByCode(user.language).nativeName}</td>
      <td>
        <span className={`admin-status ${user.isActive ? 'admin-status--good' : 'admin-status--bad'}`}>{user.isActive ? t('users.active') : t('users.inactive')}</span>
      </td>
      <td className="admin-table__nowrap">{formatDate(user.createdAt, i18n.language)}</td>
      <td>
        {isManagedHere(user) ? (
          <span className="admin-table__actions">
            <button type="button" className="button button--ghost" onClick={() => onEdit(user)}>
              {t('users.edit')}
              <span className="visually-hidden"> {user.name}</span>
            </button>
            <button type="button" className="button button--ghost" onClick={toggle} disabled={update.isPending}>
              {user.isActive ? t('users.deactivate') : t('users.activate')}
              <span className="visually-hidden"> {user.name}</span>
            </button>
            <button type="button" className="button button--ghost admin-danger-text" onClick={() => onDelete(user)}>
              {t('users.delete')}
              <span className="visually-hidden"> {user.name}</span>
            </button>
          </span>
        ) : (
          <span className="fine-print">{t('users.managedByOperator')}</span>
        )}
      </td>
    </tr>
  );
}
