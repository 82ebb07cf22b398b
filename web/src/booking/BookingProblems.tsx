import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingProblem } from './bookingForm.js';

/**
 * Every reason Book was refused, together (spec 000 §5), read out and focused when Book is pressed
 * (`attempt` changes); as the fields are fixed the list shrinks without taking the focus back.
 */
export function BookingProblems({ problems, attempt }: { problems: readonly BookingProblem[]; attempt: string | null }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problems.length > 0) box.current?.focus();
  }, [attempt]);
  if (problems.length === 0) return null;
  return (
    <div ref={box} className="booking-problems" role="alert" tabIndex={-1} data-testid="booking-problems">
      <p className="booking-problems__title">{t('booking.errors.title')}</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem.key}>{'values' in problem ? t(problem.key, problem.values) : t(problem.key)}</li>
        ))}
      </ul>
    </div>
  );
}
