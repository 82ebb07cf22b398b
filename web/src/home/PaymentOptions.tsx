import { useTranslation } from 'react-i18next';
import { paymentMethods } from '../../../domain/catalogue/index.js';

export function PaymentOptions() {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="payments-title">
      <h2 id="payments-title">{t('home.payments.title')}</h2>
      <p className="section__subtitle">{t('home.payments.subtitle')}</p>
      <ul className="grid grid--compact">
        {paymentMethods.map((method) => (
          <li key={method.id} className="card card--row">
            <div>
              <h3>{t(`catalogue.paymentMethods.${method.id}.name`)}</h3>
              <p>{t(`catalogue.paymentMethods.${method.id}.description`)}</p>
            </div>
            {method.isAvailable && <span className="badge badge--success">{t('home.payments.available')}</span>}
          </li>
        ))}
      </ul>
      <div className="card card--highlight">
        <h3>{t('home.payments.securityTitle')}</h3>
        <p>{t('home.payments.securityBody')}</p>
      </div>
    </section>
  );
}
