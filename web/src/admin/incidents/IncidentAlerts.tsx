import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { IncidentAlertMessage, LiveMessage } from '../../live/liveMessages.js';
import { useLiveUpdates } from '../../live/useLiveUpdates.js';
import { PathLink } from '../../shell/PathLink.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { alertToSound, beep } from './alertSound.js';
import { incidentsQueryOptions } from './incidentsApi.js';
import './incidents.css';

/**
 * On every admin page: the admin socket (incidents reach every admin live), a banner while any
 * incident awaits acknowledgement (a polite live region: screen readers read its count as it
 * changes), a beep and an assertive screen-reader announcement for each new alert, once each.
 */
export function IncidentAlerts({ adminId }: { adminId: string }) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const heard = useRef(new Set<string>());
  const onMessage = useCallback(
    (message: LiveMessage) => {
      if (message.type !== 'incident_alert') return;
      const alert = message as IncidentAlertMessage;
      // The socket may outrun the incident read model by a moment: read the queue again shortly after too.
      for (const delay of [300, 1_000]) setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['/api/admin/incidents'] }), delay);
      if (alertToSound(alert, heard.current)) {
        beep();
        // Emptied first, so a second alert on the same ride is read out again.
        setAnnouncement('');
        const text = t('incidents.announce', { rideId: alert.rideId });
        setTimeout(() => setAnnouncement(text), 100);
      }
    },
    [t, queryClient],
  );
  useLiveUpdates({ userId: adminId, onMessage });
  const open = useQuery(incidentsQueryOptions('open'));
  const waiting = open.data?.incidents.filter((incident) => incident.status === 'raised').length ?? 0;
  return (
    <>
      <p className="visually-hidden" role="alert" aria-live="assertive" data-testid="incident-announcement">
        {announcement}
      </p>
      {/* Always present, so what appears in it is read out. */}
      <div aria-live="polite" aria-atomic="true" data-testid="incident-banner-region">
        {waiting > 0 && (
          <div className="incident-banner" data-testid="incident-banner">
            <strong>{t('incidents.banner', { count: waiting })}</strong>{' '}
            <PathLink href="/admin/incidents" className="incident-banner__link">
              {t('incidents.bannerLink')}
            </PathLink>
          </div>
        )}
      </div>
    </>
  );
}
