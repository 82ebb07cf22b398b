import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmergencyNumbers } from './EmergencyNumbers.js';
import { PathLink } from './PathLink.js';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <p className="footer__name">{t('app.name')}</p>
          <p>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.services')} className="footer__column">
          <h2>{t('footer.services')}</h2>
          <Link to="/book" search={{ vehicle: 'car' }}>{t('footer.rides')}</Link>
          <Link to="/book" search={{ vehicle: 'motorcycle' }}>{t('footer.courier')}</Link>
          <Link to="/book" search={{ vehicle: 'food-delivery' }}>{t('footer.foods')}</Link>
          <Link to="/book" search={{ vehicle: 'wedding-transport' }}>{t('footer.weddings')}</Link>
        </nav>
        <nav aria-label={t('footer.company')} className="footer__column">
          <h2>{t('footer.company')}</h2>
          <PathLink href="/driver">{t('footer.driveWithUs')}</PathLink>
          <Link to="/" hash="business" activeOptions={{ includeHash: true }}>{t('footer.business')}</Link>
        </nav>
        <nav aria-label={t('footer.help')} className="footer__column">
          <h2>{t('footer.help')}</h2>
          <Link to="/support">{t('footer.helpCentre')}</Link>
          <Link to="/accessibility">{t('footer.accessibility')}</Link>
        </nav>
        <div className="footer__column">
          <EmergencyNumbers />
        </div>
      </div>
      <p className="footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
