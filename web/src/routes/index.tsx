import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BusinessSection } from '../home/BusinessSection.js';
import { DriverPartners } from '../home/DriverPartners.js';
import { FairPricing } from '../home/FairPricing.js';
import { Hero } from '../home/Hero.js';
import { PaymentOptions } from '../home/PaymentOptions.js';
import { SafetyToolkitDemo } from '../home/SafetyToolkitDemo.js';
import { ServiceAreas } from '../home/ServiceAreas.js';
import { VehicleGrid } from '../home/VehicleGrid.js';
import { PageMeta } from '../seo/PageMeta.js';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="page page--home">
      <PageMeta title={t('meta.homeTitle')} description={t('meta.homeDescription')} />
      <Hero />
      <ServiceAreas />
      <FairPricing />
      <VehicleGrid />
      <PaymentOptions />
      <DriverPartners />
      <SafetyToolkitDemo />
      <BusinessSection />
    </div>
  );
}
