import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DASHBOARD_SWITCH_MS } from '@vitae/core/constants';

/**
 * Switching between the CV and HR dashboards shows a loader for 3 s, then navigates.
 * Render `<FullScreenLoader message={switching} />` while `switching` is set.
 */
export function useDashboardSwitch(): {
  switching: string | null;
  switchTo: (path: string, message: string) => void;
} {
  const navigate = useNavigate();
  const [target, setTarget] = useState<{ path: string; message: string } | null>(null);

  useEffect(() => {
    if (!target) return;
    const t = setTimeout(() => navigate(target.path), DASHBOARD_SWITCH_MS);
    return () => clearTimeout(t);
  }, [target, navigate]);

  return {
    switching: target?.message ?? null,
    switchTo: (path, message) => setTarget({ path, message }),
  };
}
