import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const groups = [
  { title: 'gettingStarted', questions: [1, 2, 3] },
  { title: 'safety', questions: [4, 5, 6] },
  { title: 'drivers', questions: [7, 8, 9] },
  { title: 'technical', questions: [10, 11, 12] },
] as const;

type Question = (typeof groups)[number]['questions'][number];

/** Four groups of three questions; opening one closes the one that was open (spec 001 §2). */
export function FaqTab() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Question | null>(null);
  return (
    <div className="stack">
      <h3>{t('support.faq.title')}</h3>
      {groups.map((group) => (
        <section key={group.title} aria-labelledby={`faq-${group.title}`} className="faq-group">
          <h4 id={`faq-${group.title}`}>{t(`support.faq.${group.title}`)}</h4>
          {group.questions.map((question) => {
            const expanded = open === question;
            return (
              <div key={question} className="faq">
                <h5 className="faq__question">
                  <button
                    type="button"
                    id={`faq-q${question}`}
                    aria-expanded={expanded}
                    aria-controls={`faq-a${question}`}
                    onClick={() => setOpen(expanded ? null : question)}
                  >
                    {t(`support.faq.q${question}`)}
                  </button>
                </h5>
                <div id={`faq-a${question}`} role="region" aria-labelledby={`faq-q${question}`} hidden={!expanded} className="faq__answer">
                  <p>{t(`support.faq.a${question}`)}</p>
                </div>
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
