import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Content pages start at the top when opened (specification, section 2), unless the address
 * names an anchor on the page.
 */
export function useScrollToTop(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
}
