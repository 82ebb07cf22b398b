import { useTranslation } from 'react-i18next';

const topics = ['profile', 'privacy', 'phone', 'email', 'ratings', 'paymentMethods', 'history', 'billing', 'promotions', 'receipts'] as const;
const troubles = ['cannotSignIn', 'onHold', 'changeInfo', 'deleteAccount'] as const;

export function AccountTab({ onGetHelp }: { onGetHelp(): void }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <section aria-labelledby="account-manage-title">
        <h3 id="account-manage-title">{t('support.account.manageTitle')}</h3>
        <ul className="grid grid--compact">
          {topics.map((topic) => (
            <li key={topic} className="card">
              <h4>{t(`support.account.${topic}`)}</h4>
              <p>{t(`support.account.${topic}Hint`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="account-trouble-title">
        <h3 id="account-trouble-title">{t('support.account.troubleTitle')}</h3>
        <ul className="plain-list">
          {troubles.map((trouble) => (
            <li key={trouble} className="card card--row">
              <span>{t(`support.account.${trouble}`)}</span>
              <button type="button" className="link-button" onClick={onGetHelp}>
                {t('support.account.getHelp')}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
