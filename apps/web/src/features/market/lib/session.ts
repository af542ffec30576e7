import { useEffect, useState } from 'react';
import { can } from '@kc/domain';
import { getSession, restoreSession, useSession, type TSession } from '../../../lib/session.ts';

/** Who may trade on the market: the permission table's `market.trade` (the server checks it on every route). */
export const canTrade = (roles: readonly string[]) => can([...roles], 'market.trade');

/**
 * The session on a public page: restored from storage once the page has hydrated. `checked`
 * is false until then (render the loading state), so a signed-in visitor never sees the
 * signed-out variant flash.
 */
export function useOptionalSession(): { checked: boolean; session: TSession | undefined } {
  const session = useSession();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (!getSession()) restoreSession();
    setChecked(true);
  }, []);
  return { checked, session };
}
