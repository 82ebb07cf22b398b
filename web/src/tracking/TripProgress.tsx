import { useTranslation } from 'react-i18next';

const steps = ['requested', 'driverFound', 'inProgress', 'completed'] as const;

/** Which of the four steps is current for a progress of 0/25/50/75/100 (50 is "arrived": still step 2). */
export function currentStep(progress: number): number {
  if (progress >= 100) return 3;
  if (progress >= 75) return 2;
  if (progress >= 25) return 1;
  return 0;
}

/** The four-step trip progress (Requested, Driver Found, In Progress, Completed). */
export function TripProgress({ progress }: { progress: number | null }) {
  const { t } = useTranslation();
  if (progress === null) return null;
  const current = currentStep(progress);
  return (
    <section className="trip-progress" aria-labelledby="trip-progress-title">
      <h2 id="trip-progress-title" className="visually-hidden">
        {t('tracking.progress.title')}
      </h2>
      <div className="trip-progress__bar" role="progressbar" aria-label={t('tracking.progress.title')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
        <span className="trip-progress__fill" style={{ width: `${progress}%` }} />
      </div>
      <ol className="trip-progress__steps">
        {steps.map((step, index) => (
          <li key={step} className={index <= current ? 'trip-progress__step trip-progress__step--done' : 'trip-progress__step'} aria-current={index === current ? 'step' : undefined}>
            {t(`tracking.progress.${step}`)}
          </li>
        ))}
      </ol>
    </section>
  );
}
