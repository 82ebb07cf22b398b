import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  contactCategories,
  emptyContactMessage,
  urgencies,
  validateContactMessage,
  type ContactErrors,
  type ContactField,
  type ContactMessage,
} from './contactForm.js';
import { useCurrentUser } from '../session/currentUser.js';
import { prefilledFor, type RideReport } from './rideReport.js';
import { useSendContactMessage } from './useSendContactMessage.js';

/**
 * The contact form: checked on submit (every problem listed), cleared once the message is sent.
 * Opened from "Your trips", it starts filled in about that ride, and says so.
 */
export function ContactForm({ report, onForgetRide }: { report?: RideReport | null; onForgetRide?: () => void } = {}) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [form, setForm] = useState<ContactMessage>(() =>
    report && user
      ? prefilledFor(report, t(report.kind === 'lostItem' ? 'support.contact.lostSubject' : 'support.contact.issueSubject', { date: report.date }), { name: user.fullName, email: user.email })
      : emptyContactMessage,
  );
  const [errors, setErrors] = useState<ContactErrors>({});
  const send = useSendContactMessage();

  const set = <K extends keyof ContactMessage>(field: K, value: ContactMessage[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (field in errors) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContactMessage(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`#contact-${first}`)?.focus();
      return;
    }
    send.mutate(form, { onSuccess: () => setForm(emptyContactMessage) });
  };

  const fieldProps = (field: ContactField) => ({
    id: `contact-${field}`,
    className: 'input',
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
  });
  const error = (field: ContactField) =>
    errors[field] && (
      <p id={`contact-${field}-error`} className="field__error">
        {t(errors[field])}
      </p>
    );

  return (
    <form className="card contact-form" onSubmit={submit} noValidate aria-labelledby="contact-form-title">
      <h3 id="contact-form-title">{t('support.contact.formTitle')}</h3>
      <p className="fine-print">{t('support.contact.formHint')}</p>
      {form.rideId && report && (
        <p className="notice" data-testid="contact-ride">
          {t('support.trips.aboutRide', { route: report.route })}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setForm((current) => ({ ...current, rideId: undefined }));
              onForgetRide?.();
            }}
          >
            {t('support.contact.forgetRide')}
          </button>
        </p>
      )}
      <div className="field">
        <label htmlFor="contact-name" className="field__label">
          {t('support.contact.name')}
        </label>
        <input {...fieldProps('name')} autoComplete="name" value={form.name} onChange={(event) => set('name', event.target.value)} />
        {error('name')}
      </div>
      <div className="field">
        <label htmlFor="contact-email" className="field__label">
          {t('support.contact.email')}
        </label>
        <input {...fieldProps('email')} type="email" autoComplete="email" value={form.email} onChange={(event) => set('email', event.target.value)} />
        {error('email')}
      </div>
      <div className="field">
        <label htmlFor="contact-subject" className="field__label">
          {t('support.contact.subject')}
        </label>
        <input {...fieldProps('subject')} value={form.subject} onChange={(event) => set('subject', event.target.value)} />
        {error('subject')}
      </div>
      <div className="field">
        <label htmlFor="contact-category" className="field__label">
          {t('support.contact.category')}
        </label>
        <select {...fieldProps('category')} value={form.category} onChange={(event) => set('category', event.target.value as ContactMessage['category'])}>
          <option value="">{t('support.contact.categoryPlaceholder')}</option>
          {contactCategories.map((category) => (
            <option key={category} value={category}>
              {t(`support.contact.categories.${category}`)}
            </option>
          ))}
        </select>
        {error('category')}
      </div>
      <div className="field">
        <label htmlFor="contact-urgency" className="field__label">
          {t('support.contact.urgency')}
        </label>
        <select id="contact-urgency" className="input" value={form.urgency} onChange={(event) => set('urgency', event.target.value as ContactMessage['urgency'])}>
          {urgencies.map((urgency) => (
            <option key={urgency} value={urgency}>
              {t(`support.contact.urgencies.${urgency}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="contact-message" className="field__label">
          {t('support.contact.message')}
        </label>
        <textarea {...fieldProps('message')} rows={5} value={form.message} onChange={(event) => set('message', event.target.value)} />
        {error('message')}
      </div>
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {send.isPending ? t('support.contact.sending') : t('support.contact.submit')}
      </button>
    </form>
  );
}
