import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RideCheck } from '../../../contract/safety.js';
import { postJson, serverMessageOr } from '../api/http.js';
import { useToast } from '../toast/Toaster.js';
import { checksQueryOptions, rideSafetyPath, type RideChecks } from './safetyApi.js';

type Answer = 'safe' | 'minor_issue' | 'need_help';
const answers: readonly Answer[] = ['safe', 'minor_issue', 'need_help'];

/**
 * "Are you OK?" — the ride checks awaiting the rider's answer (a long stop, a detour, a trip far
 * over its estimate), pushed over ws and read again while the socket is down. Need Help, or no
 * answer in time, reaches the safety team.
 */
export function RideCheckPrompt({ rideId, live }: { rideId: string; live: boolean }) {
  const { t } = useTranslation();
  const checks = useQuery({ ...checksQueryOptions(rideId), refetchInterval: live ? false : 5_000 });
  const [answered, setAnswered] = useState<Answer | null>(null);
  const open = checks.data?.checks ?? [];
  if (open.length === 0) {
    if (!answered) return null;
    return (
      <p className="notice ride-check__done" role="status" data-testid="ride-check-answered">
        {answered === 'need_help' ? t('safety.check.helpSent') : t('safety.check.thanks')}
      </p>
    );
  }
  return (
    <>
      {open.map((check) => (
        <CheckCard key={check.checkId} rideId={rideId} check={check} onAnswered={setAnswered} />
      ))}
    </>
  );
}

function CheckCard({ rideId, check, onAnswered }: { rideId: string; check: RideCheck; onAnswered: (answer: Answer) => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (value: Answer) => postJson<RideChecks>(`${rideSafetyPath(rideId)}/checks/${encodeURIComponent(check.checkId)}/answer`, { answer: value }),
    onSuccess: (next, value) => {
      onAnswered(value);
      queryClient.setQueryData(checksQueryOptions(rideId).queryKey, next);
    },
    onError: (error) => toast({ title: t('safety.check.failed'), description: serverMessageOr(error, t('tracking.tryAgain')), variant: 'destructive' }),
  });
  const due = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(check.answerDueBy));
  const titleId = `ride-check-${check.checkId}`;
  return (
    <section className="card ride-check" role="alertdialog" aria-labelledby={titleId} aria-describedby={`${titleId}-why`} data-testid="ride-check">
      <h2 id={titleId}>{t('safety.check.title')}</h2>
      <p id={`${titleId}-why`}>{t(`safety.check.reasons.${check.reason}`)}</p>
      <p className="fine-print">{t('safety.check.due', { time: due })}</p>
      <div className="button-row ride-check__answers">
        {answers.map((value) => (
          <button
            key={value}
            type="button"
            className={`button ${value === 'need_help' ? 'ride-danger' : value === 'safe' ? 'button--primary' : 'button--secondary'}`}
            disabled={answer.isPending}
            onClick={() => answer.mutate(value)}
          >
            {t(`safety.check.answers.${value}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
