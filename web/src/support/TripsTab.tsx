import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/currentUser.js';
import { PathLink } from '../shell/PathLink.js';

const issues = ['late', 'vehicle', 'fare', 'route', 'behaviour', 'safety'] as const;

/** Common trip problems and how to report them; a signed-in rider's own trips come with the rides API. */
export function TripsTab({ onReport }: { onReport(): void }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  return (
    <div className="stack">
      {!user && (
        <div className="notice">
          <p>{t('support.trips.signIn')}</p>
          <PathLink href="/auth" className="button button--primary">
            {t('nav.signIn')}
          </PathLink>
        </div>
      )}
      <section aria-labelledby="trip-issues-title">
        <h3 id="trip-issues-title">{t('support.trips.issuesTitle')}</h3>
        <ul className="grid grid--compact">
          {issues.map((issue) => (
            <li key={issue} className="card">
              <h4>{t(`support.trips.${issue}Title`)}</h4>
              <p>{t(`support.trips.${issue}Body`)}</p>
              <button type="button" className="link-button" onClick={onReport}>
                {t('support.trips.report')}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
