import { useState, type FormEvent } from 'react';
import { Field } from '../../auth/Field.js';
import { languages, type LanguageCode } from '../../i18n/languages.js';
import { useToast } from '../../toast/Toaster.js';
import { AdminDialog } from '../ui/AdminDialog.js';
import { DialogActions } from '../ui/DialogActions.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { useUpdateUser, type AdminUser, type UserEdit } from './usersApi.js';

/** Name, e-mail, phone, account type and language of a passenger or driver; only what changed is sent. */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const { t } = useAdminTranslation();
  return (
    <AdminDialog open={user !== null} title={t('users.editTitle', { name: user?.name ?? '' })} onClose={onClose}>
      {user && <EditUserForm key={user.id} user={user} onClose={onClose} />}
    </AdminDialog>
  );
}

function EditUserForm({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useAdminTranslation();
  const toast = useToast();
  const update = useUpdateUser();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [userType, setUserType] = useState(user.userType as 'passenger' | 'driver');
  const [language, setLanguage] = useState<LanguageCode>(user.language);

  const edit: UserEdit = {
    ...(name.trim() !== user.name ? { name: name.trim() } : {}),
    ...(email.trim() !== user.email ? { email: email.trim() } : {}),
    ...(phone.trim() !== (user.phone ?? '') ? { phone: phone.trim() } : {}),
    ...(userType !== user.userType ? { userType } : {}),
    ...(language !== user.language ? { language } : {}),
  };
  const unchanged = Object.keys(edit).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return onClose();
    update.mutate(
      { userId: user.id, edit },
      {
        onSuccess: () => {
          toast({ title: t('users.saved', { name: edit.name ?? user.name }) });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field label={t('users.fields.name')} value={name} autoComplete="off" onChange={(event) => setName(event.target.value)} />
      <Field label={t('users.fields.email')} type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
      <Field label={t('users.fields.phone')} type="tel" autoComplete="off" value={phone} onChange={(event) => setPhone(event.target.value)} />
      <div className="field">
        <label htmlFor="edit-user-type" className="field__label">
          {t('users.fields.type')}
        </label>
        <select id="edit-user-type" className="input" value={userType} onChange={(event) => setUserType(event.target.value as 'passenger' | 'driver')}>
          <option value="passenger">{t('users.types.passenger')}</option>
          <option value="driver">{t('users.types.driver')}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="edit-user-language" className="field__label">
          {t('users.fields.language')}
        </label>
        <select id="edit-user-language" className="input" value={language} onChange={(event) => setLanguage(event.target.value as LanguageCode)}>
          {languages.map((option) => (
            <option key={option.code} value={option.code}>
              {option.nativeName}
            </option>
          ))}
        </select>
      </div>
      <DialogActions request={update} failedMessage={t('users.changeFailed')} confirmLabel={update.isPending ? t('ui.saving') : t('ui.save')} tone="primary" onCancel={onClose} />
    </form>
  );
}
