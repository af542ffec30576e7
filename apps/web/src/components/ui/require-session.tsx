import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { getSession, pathWithoutSession, restoreSession, useSession, type TSession } from '../../lib/session.ts';

/**
 * For pages that need a logged-in user: restores a stored session if the app has not yet, and
 * otherwise sends the user to the login page. Returns the session, or undefined while it
 * decides or redirects (render the loading state then).
 */
export function useRequiredSession(): TSession | undefined {
  const session = useSession();
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (!getSession()) restoreSession();
    if (!getSession()) void navigate(pathWithoutSession(), { replace: true });
    setChecked(true);
  }, [navigate, session]);
  return checked ? session : undefined;
}
