import { Navigate } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { FullScreenLoader } from '../../components/ui/spinner.tsx';
import { SwitchButton } from '../../components/ui/switch-button.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { useDashboardSwitch } from '../../lib/use-dashboard-switch.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';

/** /app/hr-dashboard until the HR tools ship: welcome, CV Dashboard switch, Sign Out. */
export default function HrDashboardPage() {
  const { user } = useAuth();
  const signOut = useSignOut();
  const { switching, switchTo } = useDashboardSwitch();
  if (user && !user.isHR) return <Navigate to="/hr-introduction" replace />;

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo to="/app/hr-dashboard" />
          <Button variant="ghost" size="sm" onClick={() => void signOut()}>
            Sign Out
          </Button>
        </div>
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:px-6 md:flex-row md:items-end md:justify-between">
          <div>
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
              HR Dashboard
            </p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
              Welcome, {user?.fullName ?? 'there'}
            </h1>
          </div>
          <nav aria-label="HR dashboard actions" className="flex flex-wrap gap-2">
            <ButtonLink to="/app/hr-browse-cvs" variant="secondary">
              Browse CVs
            </ButtonLink>
            <SwitchButton
              label="CV Dashboard"
              checked={false}
              onChange={() => switchTo('/app/dashboard', 'Switching to CV Dashboard...')}
            />
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <Card className="p-8 text-center">
          <h2 className="text-lg font-semibold text-slate-900">HR tools are coming soon</h2>
          <p className="mt-2 text-sm text-slate-600">
            Saved CVs, ranks and notes will appear here. Your HR dashboard is enabled.
          </p>
        </Card>
      </main>
      {switching && <FullScreenLoader message={switching} />}
    </div>
  );
}
