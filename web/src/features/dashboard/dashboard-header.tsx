import { useNavigate } from 'react-router';
import { SignedInHeader } from '../../components/signed-in-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { SwitchButton } from '../../components/ui/switch-button.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { NotificationBell } from '../notifications/index.ts';
import { ImportButton } from '../cv-io/index.ts';

/**
 * The user dashboard header: greeting, notification bell, View CV, Share CV,
 * HR Dashboard switch and Sign Out (docs/product/dashboard.md#header).
 */
export function DashboardHeader({ onSwitchToHr }: { onSwitchToHr: () => void }) {
  const { user } = useAuth();
  const navigate = useNavigate();

  const onHrSwitch = () => {
    // Only HR users switch; everyone else learns about the HR side first.
    if (user?.isHR) onSwitchToHr();
    else navigate('/hr-introduction');
  };

  return (
    <SignedInHeader
      home="/app/dashboard"
      bell={<NotificationBell />}
      intro={
        <p className="mt-1 text-sm text-slate-600">
          Build your CV section by section, then view, print or share it.
        </p>
      }
      navLabel="Dashboard actions"
      nav={
        <>
          <ButtonLink to="/app/view-cv" variant="secondary">
            View CV
          </ButtonLink>
          <ButtonLink to="/app/share-cv">Share CV</ButtonLink>
          <ButtonLink to="/app/my-cvs" variant="secondary">
            My CVs
          </ButtonLink>
          <ButtonLink to="/app/my-shares" variant="secondary">
            My shares
          </ButtonLink>
          <ImportButton />
          <SwitchButton label="HR Dashboard" checked={false} onChange={onHrSwitch} />
        </>
      }
    />
  );
}
