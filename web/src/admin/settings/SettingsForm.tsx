import { useState, type FormEvent } from 'react';
import { Field } from '../../auth/Field.js';
import { useToast } from '../../toast/Toaster.js';
import { weatherKinds } from '../../../../domain/fare/rates.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { RequestError } from '../ui/RequestError.js';
import { useSaveSettings, type SettingsView } from './settingsApi.js';
import { changesOf, fieldsOf, limitsOf, problemsOf, type NumberField, type SettingsFields } from './settingsForm.js';

/** Surge, weather and the three windows; saving sends only what changed, and the server checks the ranges again. */
export function SettingsForm({ view }: { view: SettingsView }) {
  const { t } = useAdminTranslation();
  const toast = useToast();
  const save = useSaveSettings();
  const [fields, setFields] = useState<SettingsFields>(() => fieldsOf(view.settings));
  const [submitted, setSubmitted] = useState(false);
  const problems = problemsOf(fields, view);
  const limits = limitsOf(view);
  const changes = changesOf(fields, view.settings);
  const set = <Field extends keyof SettingsFields>(field: Field, value: SettingsFields[Field]) => setFields((was) => ({ ...was, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0 || Object.keys(changes).length === 0) return;
    save.mutate(changes, { onSuccess: () => toast({ title: t('settings.saved') }) });
  };

  const numberField = (field: NumberField) => (
    <Field
      label={t(`settings.fields.${field}.label`)}
      hint={t(`settings.fields.${field}.hint`, limits[field])}
      type="number"
      inputMode="numeric"
      min={limits[field].min}
      max={limits[field].max}
      step={1}
      value={fields[field]}
      onChange={(event) => set(field, event.target.value)}
      error={submitted && problems[field] ? t('settings.outOfRange', problems[field]) : undefined}
    />
  );

  return (
    <form className="card admin-settings" onSubmit={submit} noValidate aria-label={t('settings.title')}>
      <fieldset>
        <legend>{t('settings.pricing')}</legend>
        <label className="admin-settings__switch">
          <input type="checkbox" checked={fields.surgeEnabled} onChange={(event) => set('surgeEnabled', event.target.checked)} />
          <span>
            <strong>{t('settings.fields.surgeEnabled.label')}</strong>
            <span className="fine-print">{t('settings.fields.surgeEnabled.hint')}</span>
          </span>
        </label>
      </fieldset>
      <fieldset>
        <legend>{t('settings.fields.weather.label')}</legend>
        <p className="fine-print">{t('settings.fields.weather.hint')}</p>
        <div className="admin-settings__choices">
          {weatherKinds.map((kind) => (
            <label key={kind} className="admin-settings__choice">
              <input type="radio" name="weather" value={kind} checked={fields.weather === kind} onChange={() => set('weather', kind)} />
              <span>{t(`settings.weather.${kind}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('settings.timing')}</legend>
        {numberField('bidWindowSeconds')}
        {numberField('searchWindowMinutes')}
        {numberField('scheduledDispatchLeadMinutes')}
      </fieldset>
      <RequestError request={save} fallback={t('settings.saveFailed')} />
      {submitted && Object.keys(changes).length === 0 && Object.keys(problems).length === 0 && (
        <p className="fine-print" role="status">
          {t('settings.nothingChanged')}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={() => setFields(fieldsOf(view.defaults))}>
          {t('settings.restoreDefaults')}
        </button>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t('ui.saving') : t('settings.save')}
        </button>
      </div>
    </form>
  );
}
