import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { auth } from './auth-store.ts';

/** Signs out on the server, forgets the session and goes to /login. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await auth.logout();
    navigate('/login', { replace: true });
  }, [navigate]);
}
