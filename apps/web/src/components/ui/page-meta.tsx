import { useLocation } from 'react-router';
import { WEB_BASE } from '@kc/domain';

const SITE_ORIGIN = 'https://kc.example';

/**
 * A page's title, description and canonical link. React 19 hoists them into <head>, also in
 * the prerendered HTML, and they follow the language when it changes.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const { pathname } = useLocation();
  const canonicalPath = pathname === '/' ? '/' : pathname.replace(/\/$/, '');
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={`${SITE_ORIGIN}${WEB_BASE}${canonicalPath === '/' ? '/' : canonicalPath}`} />
    </>
  );
}
