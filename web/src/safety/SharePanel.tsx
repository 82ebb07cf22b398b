import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postJson, requestJson, serverMessageOr } from '../api/http.js';
import { PathLink } from '../shell/PathLink.js';
import { useToast } from '../toast/Toaster.js';
import { rideSafetyPath, shareQueryOptions, type TripShare } from './safetyApi.js';

/**
 * Share my trip (the rider's): a link anyone can open without signing in, copied or handed to the
 * phone's share sheet; stopped at once by "Stop sharing"; the trusted contacts texted it on request.
 */
export function SharePanel({ rideId, ended }: { rideId: string; ended: boolean }) {
  const { t } = useTranslation();
  const share = useQuery(shareQueryOptions(rideId));
  const [copied, setCopied] = useState(false);
  const start = useShareStep(rideId, 'POST');
  const stop = useShareStep(rideId, 'DELETE');
  const notify = useShareStep(rideId, 'POST', '/notify-contacts');
  const link = share.data?.link ?? null;

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const shareSheet = () => {
    if (link && typeof navigator.share === 'function') void navigator.share({ title: t('safety.share.shareText'), url: link.url }).catch(() => undefined);
  };

  return (
    <section className="card share-panel" aria-labelledby="share-panel-title" data-testid="share-panel">
      <h2 id="share-panel-title">{t('safety.share.title')}</h2>
      {link ? (
        <>
          <label className="field__label" htmlFor="share-link">
            {t('safety.share.linkLabel')}
          </label>
          <input id="share-link" className="input" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} data-testid="share-link" />
          <p className="fine-print">{t('safety.share.active')}</p>
          <div className="button-row share-panel__actions">
            <button type="button" className="button button--secondary" onClick={() => void copy()}>
              {t('safety.share.copy')}
            </button>
            {typeof navigator !== 'undefined' && typeof navigator.share === 'function' && (
              <button type="button" className="button button--secondary" onClick={shareSheet}>
                {t('safety.share.share')}
              </button>
            )}
            <button type="button" className="button button--ghost" disabled={stop.isPending} onClick={() => stop.mutate()}>
              {stop.isPending ? t('safety.share.stopping') : t('safety.share.stop')}
            </button>
          </div>
          <p role="status" className="fine-print">
            {copied ? t('safety.share.copied') : ''}
          </p>
          {share.data?.contactsNotified ? (
            <p className="fine-print" data-testid="contacts-notified">
              {t('safety.share.notified')}
            </p>
          ) : (
            !ended && (
              <button type="button" className="button button--secondary" disabled={notify.isPending} onClick={() => notify.mutate()}>
                {notify.isPending ? t('safety.share.notifying') : t('safety.share.notify')}
              </button>
            )
          )}
        </>
      ) : (
        <>
          <p className="fine-print">{stop.isSuccess ? t('safety.share.stopped') : t('safety.share.intro')}</p>
          {!ended && (
            <button type="button" className="button button--secondary button--block" disabled={start.isPending || share.isPending} onClick={() => start.mutate()}>
              {start.isPending ? t('safety.share.creating') : t('safety.share.create')}
            </button>
          )}
        </>
      )}
      <p>
        <PathLink href="/safety/contacts" className="link-button">
          {t('safety.share.manage')}
        </PathLink>
      </p>
    </section>
  );
}

/** One write on the ride's sharing; the answer is the sharing as it now is. */
function useShareStep(rideId: string, method: 'POST' | 'DELETE', path = '') {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      method === 'POST' ? postJson<TripShare>(`${rideSafetyPath(rideId)}/share${path}`, {}) : requestJson<TripShare>('DELETE', `${rideSafetyPath(rideId)}/share`),
    onSuccess: (answer) => queryClient.setQueryData(shareQueryOptions(rideId).queryKey, answer),
    onError: (error) => toast({ title: t('safety.share.failed'), description: serverMessageOr(error, t('tracking.tryAgain')), variant: 'destructive' }),
  });
}
