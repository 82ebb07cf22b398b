import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, postJson, requestJson, serverMessageOr } from '../api/http.js';
import { formatZambianPhone } from '../format/phone.js';
import { PageMeta } from '../seo/PageMeta.js';
import { useToast } from '../toast/Toaster.js';
import { trustedContactsQueryOptions, type TrustedContactList } from './safetyApi.js';
import './safety.css';

/** The field a refusal names (`phone`, `name`), from the API's `{ field }` or its message. */
function fieldOf(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  try {
    const body = JSON.parse(error.body) as { field?: unknown; message?: unknown };
    if (typeof body.field === 'string') return body.field;
    if (typeof body.message === 'string') return /phone/i.test(body.message) ? 'phone' : /name/i.test(body.message) ? 'name' : null;
  } catch {
    return null;
  }
  return null;
}

/**
 * /safety/contacts — a rider's trusted contacts (at most three, a name and a Zambian mobile
 * number): texted a link to follow the trip when the rider raises an SOS, or asks. Each number is
 * shown as it will be dialled, so the rider checks it before relying on it.
 */
export function TrustedContactsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const list = useQuery(trustedContactsQueryOptions());
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [relationship, setRelationship] = useState('');
  const [refusal, setRefusal] = useState<{ field: string | null; message: string } | null>(null);
  const settle = (answer: TrustedContactList) => queryClient.setQueryData(trustedContactsQueryOptions().queryKey, answer);
  const add = useMutation({
    mutationFn: () => postJson<TrustedContactList>('/api/me/trusted-contacts', { name, phone, relationship: relationship.trim() || null }),
    onSuccess: (answer) => {
      settle(answer);
      setName('');
      setPhone('');
      setRelationship('');
      setRefusal(null);
      toast({ title: t('safety.contacts.added') });
    },
    onError: (error) => setRefusal({ field: fieldOf(error), message: serverMessageOr(error, t('safety.contacts.failedAction')) }),
  });
  const remove = useMutation({
    mutationFn: (contactId: string) => requestJson<TrustedContactList>('DELETE', `/api/me/trusted-contacts/${encodeURIComponent(contactId)}`),
    onSuccess: (answer) => {
      settle(answer);
      toast({ title: t('safety.contacts.removed') });
    },
    onError: (error) => toast({ title: t('safety.contacts.failedAction'), description: serverMessageOr(error, t('tracking.tryAgain')), variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const max = list.data?.max ?? 3;
  const contacts = list.data?.contacts ?? [];
  const full = contacts.length >= max;
  const invalid = (field: string) => refusal !== null && refusal.field === field;

  return (
    <div className="page page--narrow trusted-contacts" data-testid="trusted-contacts-page">
      <PageMeta title={t('safety.contacts.metaTitle')} description={t('safety.contacts.metaDescription')} />
      <h1>{t('safety.contacts.title')}</h1>
      <p>{t('safety.contacts.intro', { max })}</p>
      {list.isPending ? (
        <p role="status">{t('safety.contacts.loading')}</p>
      ) : list.isError ? (
        <p role="alert">
          {t('safety.contacts.failed')}{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            {t('safety.contacts.retry')}
          </button>
        </p>
      ) : (
        <section className="card" aria-labelledby={`${id}-list`}>
          <h2 id={`${id}-list`}>{t('safety.contacts.listTitle', { count: contacts.length, max })}</h2>
          {contacts.length === 0 ? (
            <p className="fine-print">{t('safety.contacts.empty')}</p>
          ) : (
            <ul className="trusted-contacts__list" data-testid="trusted-contact-list">
              {contacts.map((contact) => (
                <li key={contact.contactId} className="trusted-contacts__item">
                  <span>
                    <strong>{contact.name}</strong>
                    {contact.relationship && <span className="fine-print"> · {contact.relationship}</span>}
                    <br />
                    <a href={`tel:${contact.phone}`} title={t('safety.contacts.check')}>
                      {formatZambianPhone(contact.phone)}
                    </a>
                  </span>
                  <button type="button" className="button button--ghost" disabled={remove.isPending} onClick={() => remove.mutate(contact.contactId)}>
                    {t('safety.contacts.remove', { name: contact.name })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {list.isSuccess && (
        <section className="card" aria-labelledby={`${id}-add`}>
          <h2 id={`${id}-add`}>{t('safety.contacts.addTitle')}</h2>
          {full ? (
            <p className="fine-print">{t('safety.contacts.limitReached')}</p>
          ) : (
            <form onSubmit={submit} noValidate>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-name`}>
                  {t('safety.contacts.name')}
                </label>
                <input id={`${id}-name`} className="input" required maxLength={60} autoComplete="off" value={name} aria-invalid={invalid('name')} onChange={(event) => setName(event.target.value)} />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-phone`}>
                  {t('safety.contacts.phone')}
                </label>
                <input
                  id={`${id}-phone`}
                  className="input"
                  type="tel"
                  inputMode="tel"
                  required
                  maxLength={20}
                  autoComplete="off"
                  value={phone}
                  aria-invalid={invalid('phone')}
                  aria-describedby={`${id}-phone-hint`}
                  onChange={(event) => setPhone(event.target.value)}
                />
                <p id={`${id}-phone-hint`} className="fine-print">
                  {t('safety.contacts.phoneHint')}
                </p>
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-relationship`}>
                  {t('safety.contacts.relationship')}
                </label>
                <input id={`${id}-relationship`} className="input" maxLength={40} autoComplete="off" value={relationship} onChange={(event) => setRelationship(event.target.value)} />
              </div>
              {refusal && (
                <p className="field__error" role="alert" data-testid="contact-error">
                  {refusal.message}
                </p>
              )}
              <button type="submit" className="button button--primary" disabled={add.isPending}>
                {add.isPending ? t('safety.contacts.adding') : t('safety.contacts.add')}
              </button>
            </form>
          )}
        </section>
      )}
    </div>
  );
}
