import { useTranslation } from 'react-i18next';

const steps = ['lostStep1', 'lostStep2', 'lostStep3', 'lostStep4'] as const;
const tips = ['tip1', 'tip2', 'tip3', 'tip4'] as const;
const articles = [
  { title: 'article1', minutes: 3 },
  { title: 'article2', minutes: 4 },
  { title: 'article3', minutes: 5 },
  { title: 'article4', minutes: 3 },
  { title: 'article5', minutes: 6 },
] as const;

export function ResourcesTab({ onReport }: { onReport(): void }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <section aria-labelledby="lost-title" className="card">
        <h3 id="lost-title">{t('support.resources.lostTitle')}</h3>
        <ol>
          {steps.map((step) => (
            <li key={step}>{t(`support.resources.${step}`)}</li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="tips-title" className="card">
        <h3 id="tips-title">{t('support.resources.tipsTitle')}</h3>
        <ul>
          {tips.map((tip) => (
            <li key={tip}>{t(`support.resources.${tip}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="articles-title">
        <h3 id="articles-title">{t('support.resources.articlesTitle')}</h3>
        <ul className="plain-list">
          {articles.map((article) => (
            <li key={article.title} className="card card--row">
              <span>{t(`support.resources.${article.title}`)}</span>
              <span className="fine-print">
                {t('support.resources.guide')} · {t('support.resources.readingTime', { minutes: article.minutes })}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="report-title" className="card card--highlight">
        <h3 id="report-title">{t('support.resources.reportTitle')}</h3>
        <p>{t('support.resources.reportBody')}</p>
        <button type="button" className="button button--secondary" onClick={onReport}>
          {t('support.trips.report')}
        </button>
      </section>
    </div>
  );
}
