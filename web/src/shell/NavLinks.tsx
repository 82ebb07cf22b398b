import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PathLink } from './PathLink.js';

/** The top-level destinations, shared by the header and the mobile menu (spec 000 §2.3). */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/book" className="nav-link" activeProps={{ 'aria-current': 'page' }} onClick={onNavigate}>
        {t('nav.book')}
      </Link>
      <PathLink href="/driver" className="nav-link" onClick={onNavigate}>
        {t('nav.driver')}
      </PathLink>
      <Link to="/" hash="business" className="nav-link" activeOptions={{ includeHash: true }} onClick={onNavigate}>
        {t('nav.business')}
      </Link>
      <Link to="/support" className="nav-link" activeProps={{ 'aria-current': 'page' }} onClick={onNavigate}>
        {t('nav.support')}
      </Link>
    </>
  );
}
