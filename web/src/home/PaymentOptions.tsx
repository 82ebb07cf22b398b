import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paymentMethodCatalogue } from '../../../domain/catalogue/index.js';
import { offeredMethodsQueryOptions } from '../payments/paymentsApi.js';

/**
 * How riders may pay: every method of the catalogue, marked Available only where the server says
 * this platform collects it now (cash always; a wallet when a provider is configured for it). Until
 * the server answers, or if it cannot, nothing is called available.
 */
export function PaymentOptions() {
  const { t } = useTranslation();
  const offered = useQuery(offeredMethodsQueryOptions());
  const available = new Set(offered.data?.paymentMethods.filter((method) => method.isAvailable).map((method) => method.id));
  return (
    <section className="section" aria-labelledby="payments-title">
      <h2 id="payments-title">{t('home.payments.title')}</h2>
      <p className="section__subtitle">{t('home.payments.subtitle')}</p>
      <ul className="grid grid--compact" data-testid="payment-options" aria-busy={offered.isPending}>
        {paymentMethodCatalogue.map((method) => (
          <li key={method.id} className="card card--row" data-testid={`payment-option-${method.id}`}>
            <div>
              <h3>{t(`catalogue.paymentMethods.${method.id}.name`)}</h3>
              <p>{t(`catalogue.paymentMethods.${method.id}.description`)}</p>
            </div>
            {available.has(method.id) && <span className="badge badge--success">{t('home.payments.available')}</span>}
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
