import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_RIDE_MESSAGE_LENGTH } from '../../../domain/rideMessages/text.js';
import type { RideMessage } from '../../../contract/safety.js';
import { postJson, serverMessageOr } from '../api/http.js';
import { messagesQueryOptions, rideSafetyPath } from './safetyApi.js';

/**
 * Messages between the rider and the driver for the life of the ride (no phone numbers change
 * hands): new ones arrive over ws; what is on screen is marked read; closed once the ride ends.
 */
export function RideMessages({ rideId, party, live }: { rideId: string; party: 'rider' | 'driver'; live: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const conversation = useQuery({ ...messagesQueryOptions(rideId), refetchInterval: live ? false : 5_000 });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: string) => postJson<RideMessage>(`${rideSafetyPath(rideId)}/messages`, { text: body }),
    onSuccess: () => {
      setText('');
      setError(null);
      void queryClient.invalidateQueries({ queryKey: messagesQueryOptions(rideId).queryKey });
    },
    onError: (failure) => setError(serverMessageOr(failure, t('safety.messages.failed'))),
  });
  const messages = conversation.data?.messages ?? [];
  const last = messages.at(-1);
  const unread = conversation.data?.unread ?? 0;
  const markedUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (!last || unread === 0 || markedUpTo.current === last.messageId) return;
    markedUpTo.current = last.messageId;
    void postJson(`${rideSafetyPath(rideId)}/messages/read`, { upToMessageId: last.messageId }).catch(() => undefined);
  }, [last, unread, rideId]);

  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const other = party === 'rider' ? t('safety.messages.driver') : t('safety.messages.rider');
  const submit = () => {
    const trimmed = text.trim();
    if (!trimmed) return setError(t('safety.messages.blank'));
    if (trimmed.length > MAX_RIDE_MESSAGE_LENGTH) return setError(t('safety.messages.tooLong', { max: MAX_RIDE_MESSAGE_LENGTH }));
    send.mutate(trimmed);
  };
  return (
    <section className="card ride-messages" aria-labelledby={`${id}-title`} data-testid="ride-messages">
      <h2 id={`${id}-title`}>
        {t('safety.messages.title')}
        {unread > 0 && <span className="badge badge--success ride-messages__unread">{t('safety.messages.unread', { count: unread })}</span>}
      </h2>
      <p className="fine-print">{t('safety.messages.intro', { other })}</p>
      {messages.length === 0 ? (
        <p className="fine-print">{t('safety.messages.empty')}</p>
      ) : (
        <ol className="ride-messages__list" aria-live="polite" data-testid="ride-message-list">
          {messages.map((message) => (
            <li key={message.messageId} className={`ride-messages__item${message.from === party ? ' ride-messages__item--mine' : ''}`}>
              <span className="ride-messages__who">
                {message.from === party ? t('safety.messages.you') : message.from === 'rider' ? t('safety.messages.fromRider') : t('safety.messages.fromDriver')}
                {' · '}
                <time dateTime={message.sentAt}>{time.format(new Date(message.sentAt))}</time>
              </span>
              <span className="ride-messages__text">{message.text}</span>
            </li>
          ))}
        </ol>
      )}
      {conversation.data && !conversation.data.open ? (
        <p className="fine-print">{t('safety.messages.closed')}</p>
      ) : (
        <form
          className="ride-messages__form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label className="field__label" htmlFor={`${id}-text`}>
            {t('safety.messages.label')}
          </label>
          <div className="ride-messages__compose">
            <input
              id={`${id}-text`}
              className="input"
              value={text}
              maxLength={MAX_RIDE_MESSAGE_LENGTH}
              autoComplete="off"
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setText(event.target.value)}
              data-testid="ride-message-input"
            />
            <button type="submit" className="button button--primary" disabled={send.isPending}>
              {send.isPending ? t('safety.messages.sending') : t('safety.messages.send')}
            </button>
          </div>
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
