import { useTranslation } from 'react-i18next';

/**
 * The page's title, description and keywords. React 19 hoists these into <head> and removes
 * them when the page goes, so each screen names itself in the language on screen. What every
 * page shares (locale en_ZM, region ZM-02, the geographic centre, the price range) is in
 * index.html.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={t('meta.keywords')} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
    </>
  );
}
