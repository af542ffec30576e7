import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@kc/domain';
import { clearSession } from '../../../lib/session.ts';

/** Salir: clears the stored user data and the in-memory session, then goes to /home. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSession();
    queryClient.clear();
    void navigate(paths.home.href());
  }, [navigate, queryClient]);
}
