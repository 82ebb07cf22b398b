import { useTranslation } from 'react-i18next';

const tools = [
  { icon: '🚨', title: 'home.safety.emergencyTitle', body: 'home.safety.emergencyBody' },
  { icon: '🔢', title: 'home.safety.pinTitle', body: 'home.safety.pinBody' },
  { icon: '📍', title: 'home.safety.shareTitle', body: 'home.safety.shareBody' },
  { icon: '🎙️', title: 'home.safety.recordingTitle', body: 'home.safety.recordingBody' },
  { icon: '👥', title: 'home.safety.contactsTitle', body: 'home.safety.contactsBody' },
  { icon: '✅', title: 'home.safety.checksTitle', body: 'home.safety.checksBody' },
] as const;

/** What the safety toolkit does, explained (the working toolkit is on booking and tracking). */
export function SafetyToolkitDemo() {
  const { t } = useTranslation();
  return (
    <section className="section secondary-section" aria-labelledby="safety-title">
      <h2 id="safety-title">{t('home.safety.title')}</h2>
      <p className="section__subtitle">{t('home.safety.subtitle')}</p>
      <ul className="grid grid--cards">
        {tools.map((tool) => (
          <li key={tool.title} className="card">
            <span className="card__icon decorative" aria-hidden="true">
              {tool.icon}
            </span>
            <h3>{t(tool.title)}</h3>
            <p>{t(tool.body)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
