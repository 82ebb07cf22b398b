import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { vehicles } from '../../../domain/catalogue/vehicles.js';
import { driverDocumentKinds, lusakaDate } from '../../../domain/driverVerification/documents.js';
import { HttpError, postJson, serverMessageOr } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import type { RegisteredDriver } from '../../../contract/drivers.js';
import type { DriverProfile } from './driverApi.js';
import { useToast } from '../toast/Toaster.js';
import { documentField, emptyRegistration, formFieldOf, registrationBody, validateRegistration, type RegistrationErrors, type RegistrationValues } from './registration.js';

/** The services a driver can offer today: the catalogue's vehicles that are not "coming soon". */
const offeredVehicles = vehicles.filter((vehicle) => !vehicle.comingSoon);

/**
 * The driver application (spec 001 §2, Zambia's 2024 e-hailing rules): licence, the vehicle and
 * the six documents with their numbers and expiry dates. Sent to POST /api/drivers/register;
 * the dashboard then shows the application's state.
 */
export function RegistrationForm({ userId, resubmission, onSubmitted }: { userId: string; resubmission: boolean; onSubmitted: (profile: DriverProfile) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<RegistrationValues>(() => emptyRegistration());
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const register = useMutation({
    mutationFn: () => postJson<RegisteredDriver>('/api/drivers/register', registrationBody(values)),
    onSuccess: ({ driverId, applications, submittedAt }) => {
      toast({ title: t('driver.register.sent') });
      // The profile read model takes a moment to hear of the application: show it as sent now.
      const body = registrationBody(values);
      const pending: DriverProfile = {
        driverId,
        userId,
        verificationStatus: 'pending',
        licenceNumber: body.licenceNumber,
        vehicle: { ...body.vehicle, year: body.vehicle.year ?? null },
        documents: body.documents,
        applications,
        submittedAt,
        decidedAt: null,
        decisionReason: null,
        isOnline: false,
        onDutyVehicleType: null,
        engagedRideId: null,
        rating: null,
        ratingCount: 0,
        completedRides: 0,
        createdAt: submittedAt,
        updatedAt: submittedAt,
      };
      queryClient.setQueryData(liveQueryKeys.driverProfile(userId), pending);
      onSubmitted(pending);
    },
    onError: (error) => {
      setServerErrors(issuesOf(error));
      toast({ title: t('driver.register.failed'), description: serverMessageOr(error, t('driver.tryAgain')), variant: 'destructive' });
    },
  });

  const set = (field: keyof Omit<RegistrationValues, 'documents'>) => (value: string) => setValues((was) => ({ ...was, [field]: value }));
  const setDocument = (kind: (typeof driverDocumentKinds)[number], part: 'reference' | 'expiresOn') => (value: string) =>
    setValues((was) => ({ ...was, documents: { ...was.documents, [kind]: { ...was.documents[kind], [part]: value } } }));
  const errorFor = (field: string) => serverErrors[field] ?? (errors[field] ? t(`driver.register.errors.${errors[field]}`) : undefined);

  const submit = () => {
    const found = validateRegistration(values, lusakaDate(new Date()));
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length === 0) register.mutate();
    else document.getElementById(`reg-${Object.keys(found)[0]!.replaceAll('.', '-')}`)?.focus();
  };

  const text = (field: keyof Omit<RegistrationValues, 'documents' | 'vehicleType'>, extra: Partial<InputProps> = {}) => (
    <Field id={`reg-${field}`} label={t(`driver.register.${field}`)} error={errorFor(field)}>
      {(props) => <input {...props} {...extra} className="input" value={values[field]} onChange={(event) => set(field)(event.target.value)} />}
    </Field>
  );

  return (
    <section className="card driver-register" aria-labelledby="driver-register-title">
      <h2 id="driver-register-title">{t(resubmission ? 'driver.register.titleAgain' : 'driver.register.title')}</h2>
      <p>{t('driver.register.intro')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {text('licenceNumber', { autoComplete: 'off' })}
        <fieldset className="driver-register__group">
          <legend>{t('driver.register.vehicleTitle')}</legend>
          <Field id="reg-vehicleType" label={t('driver.register.vehicleType')} error={errorFor('vehicleType')}>
            {(props) => (
              <select {...props} className="input" value={values.vehicleType} onChange={(event) => set('vehicleType')(event.target.value)}>
                {offeredVehicles.map((vehicle) => (
                  <option key={vehicle.id} value={vehicle.id}>
                    {t(`catalogue.vehicles.${vehicle.id}.name`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="driver-register__pair">
            {text('make')}
            {text('model')}
          </div>
          <div className="driver-register__pair">
            {text('year', { inputMode: 'numeric', maxLength: 4 })}
            {text('colour')}
          </div>
          {text('plateNumber', { autoCapitalize: 'characters' })}
        </fieldset>
        <fieldset className="driver-register__group">
          <legend>{t('driver.register.documentsTitle')}</legend>
          <p className="fine-print">{t('driver.register.documentsHint')}</p>
          {driverDocumentKinds.map((kind) => (
            <fieldset key={kind} className="driver-register__document">
              <legend>{t(`driver.documents.${kind}`)}</legend>
              <div className="driver-register__pair">
                <Field id={`reg-${documentField(kind, 'reference').replaceAll('.', '-')}`} label={t('driver.register.reference')} error={errorFor(documentField(kind, 'reference'))}>
                  {(props) => <input {...props} className="input" value={values.documents[kind].reference} onChange={(event) => setDocument(kind, 'reference')(event.target.value)} />}
                </Field>
                <Field id={`reg-${documentField(kind, 'expiresOn').replaceAll('.', '-')}`} label={t('driver.register.expiresOn')} error={errorFor(documentField(kind, 'expiresOn'))}>
                  {(props) => <input {...props} type="date" className="input" value={values.documents[kind].expiresOn} onChange={(event) => setDocument(kind, 'expiresOn')(event.target.value)} />}
                </Field>
              </div>
            </fieldset>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary button--large" disabled={register.isPending}>
          {register.isPending ? t('driver.register.sending') : t('driver.register.submit')}
        </button>
      </form>
    </section>
  );
}

interface InputProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  autoComplete: string;
  inputMode: 'numeric';
  maxLength: number;
  autoCapitalize: string;
}

function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: (props: Pick<InputProps, 'id' | 'aria-invalid' | 'aria-describedby'>) => ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined })}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The server's per-field messages, keyed as the form names its fields. */
function issuesOf(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError)) return {};
  try {
    const body = JSON.parse(error.body) as { issues?: Array<{ field: string; message: string }> };
    return Object.fromEntries((body.issues ?? []).map((issue) => [formFieldOf(issue.field), issue.message]));
  } catch {
    return {};
  }
}
