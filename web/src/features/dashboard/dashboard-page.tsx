import { FullScreenLoader } from '../../components/ui/spinner.tsx';
import { useDashboardSwitch } from '../../lib/use-dashboard-switch.ts';
import { DashboardBody } from './dashboard-body.tsx';
import { DashboardHeader } from './dashboard-header.tsx';

/** /app/dashboard: the header and the page frame; the body comes from dashboard-body.tsx. */
export default function DashboardPage() {
  const { switching, switchTo } = useDashboardSwitch();
  return (
    <div className="min-h-screen bg-slate-50">
      <DashboardHeader
        onSwitchToHr={() => switchTo('/app/hr-dashboard', 'Switching to HR Dashboard...')}
      />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <DashboardBody />
      </main>
      {switching && <FullScreenLoader message={switching} />}
    </div>
  );
}
