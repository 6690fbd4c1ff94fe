import { useNavigate } from 'react-router';
import { ButtonLink, Button } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { SwitchButton } from '../../components/ui/switch-button.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { NotificationBell } from '../notifications/index.ts';
import { ImportButton } from '../cv-io/index.ts';

/**
 * The user dashboard header: greeting, notification bell, View CV, Share CV,
 * HR Dashboard switch and Sign Out (docs/product/dashboard.md#header).
 */
export function DashboardHeader({ onSwitchToHr }: { onSwitchToHr: () => void }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const signOut = useSignOut();

  const onHrSwitch = () => {
    // Only HR users switch; everyone else learns about the HR side first.
    if (user?.isHR) onSwitchToHr();
    else navigate('/hr-introduction');
  };

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo to="/app/dashboard" />
        <div className="flex items-center gap-2">
          <NotificationBell />
          <ButtonLink to="/app/settings" variant="ghost" size="sm">
            Settings
          </ButtonLink>
          <Button variant="ghost" size="sm" onClick={() => void signOut()}>
            Sign Out
          </Button>
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 pt-6 pb-6 sm:px-6 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            Welcome, <span className="break-words">{user?.fullName ?? 'there'}</span>
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Build your CV section by section, then view, print or share it.
          </p>
        </div>
        <nav aria-label="Dashboard actions" className="flex flex-wrap items-center gap-2">
          <ButtonLink to="/app/view-cv" variant="secondary">
            View CV
          </ButtonLink>
          <ButtonLink to="/app/share-cv">Share CV</ButtonLink>
          <ButtonLink to="/app/my-shares" variant="secondary">
            My shares
          </ButtonLink>
          <ImportButton />
          <SwitchButton label="HR Dashboard" checked={false} onChange={onHrSwitch} />
        </nav>
      </div>
    </header>
  );
}
