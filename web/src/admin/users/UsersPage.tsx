import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '../../location/useDebouncedValue.js';
import { Counters } from '../ui/Counters.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import '../ui/adminUi.css';
import { DeleteUserDialog } from './DeleteUserDialog.js';
import { EditUserDialog } from './EditUserDialog.js';
import { usersQueryOptions, type AdminUser, type UserFilter } from './usersApi.js';
import { UsersTable } from './UsersTable.js';

const SEARCH_DELAY_MS = 300;
const typeFilters = ['all', 'passenger', 'driver', 'admin'] as const;

/** /admin/users (spec 001 "Admin portal"): counters, search, type filter, the table, edit, (de)activate, delete. */
export function UsersPage() {
  const { t } = useAdminTranslation();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<UserFilter['type']>('all');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const users = useQuery(usersQueryOptions({ search: useDebouncedValue(search, SEARCH_DELAY_MS), type }));
  const counts = users.data?.counts;

  return (
    <>
      <div className="admin-page-header">
        <h1>{t('users.title')}</h1>
        <p className="fine-print">{t('users.intro')}</p>
      </div>
      <Counters
        label={t('users.countersLabel')}
        counters={[
          { id: 'total', label: t('users.counters.total'), value: counts?.total },
          { id: 'active', label: t('users.counters.active'), value: counts?.active },
          { id: 'passengers', label: t('users.counters.passengers'), value: counts?.passengers },
          { id: 'admins', label: t('users.counters.admins'), value: counts?.admins },
        ]}
      />
      <form className="admin-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="user-search" className="field__label">
            {t('users.search')}
          </label>
          <input id="user-search" className="input" type="search" value={search} placeholder={t('users.searchPlaceholder')} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="user-type" className="field__label">
            {t('users.typeFilter')}
          </label>
          <select id="user-type" className="input" value={type} onChange={(event) => setType(event.target.value as UserFilter['type'])}>
            {typeFilters.map((filter) => (
              <option key={filter} value={filter}>
                {t(`users.filters.${filter}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
      {users.isError ? (
        <p className="notice" role="alert">
          {t('users.failed')}
        </p>
      ) : users.isPending ? (
        <p role="status">{t('dashboard.loading')}</p>
      ) : (
        <UsersTable users={users.data.users} onEdit={setEditing} onDelete={setDeleting} />
      )}
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
