import { useTranslation } from 'react-i18next';
import { emergencyContacts } from '../../../domain/catalogue/index.js';
import { formatZambianPhone, telHref } from '../format/phone.js';

/** Police, ambulance and lifeline as telephone links (spec 001 §2, §9). */
export function EmergencyNumbers({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="emergency-numbers" aria-labelledby="emergency-numbers-title">
      <Heading id="emergency-numbers-title">{t('emergency.title')}</Heading>
      <ul>
        {emergencyContacts.map((contact) => (
          <li key={contact.service}>
            <span className="emergency-numbers__service">{t(`emergency.${contact.service}`)}</span>{' '}
            {contact.numbers.map((number) => (
              <a
                key={number}
                className="emergency-numbers__number"
                href={telHref(number)}
                aria-label={t('emergency.call', { service: t(`emergency.${contact.service}`), number: formatZambianPhone(number) })}
              >
                {formatZambianPhone(number)}
              </a>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
