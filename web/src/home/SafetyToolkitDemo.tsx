import { Hash, MapPin, Mic, ShieldCheck, Siren, Users } from '../shell/icons.js';
import { useTranslation } from 'react-i18next';

const tools = [
  { Icon: Siren, title: 'home.safety.emergencyTitle', body: 'home.safety.emergencyBody' },
  { Icon: Hash, title: 'home.safety.pinTitle', body: 'home.safety.pinBody' },
  { Icon: MapPin, title: 'home.safety.shareTitle', body: 'home.safety.shareBody' },
  { Icon: Mic, title: 'home.safety.recordingTitle', body: 'home.safety.recordingBody' },
  { Icon: Users, title: 'home.safety.contactsTitle', body: 'home.safety.contactsBody' },
  { Icon: ShieldCheck, title: 'home.safety.checksTitle', body: 'home.safety.checksBody' },
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
              <tool.Icon size={28} strokeWidth={1.75} />
            </span>
            <h3>{t(tool.title)}</h3>
            <p>{t(tool.body)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
