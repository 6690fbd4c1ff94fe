import type { ReactNode } from 'react';
import { useAuth } from '../lib/auth-store.ts';
import { cn } from '../lib/cn.ts';
import { useSignOut } from '../lib/use-sign-out.ts';
import { Button, ButtonLink } from './ui/button.tsx';
import { Logo } from './ui/logo.tsx';

/**
 * The header of the signed-in dashboards (the CV one and the HR ones): the logo, the
 * notification bell, Settings and Sign Out on top; below, the welcome line and the screen's
 * own actions (docs/product/dashboard.md#header). The bell comes in as `bell`: components sit
 * beneath the features and import none of them.
 */
export function SignedInHeader({
  home,
  bell,
  kicker,
  intro,
  navLabel,
  nav,
  children,
}: {
  /** Where the logo leads: the dashboard this header belongs to. */
  home: string;
  bell: ReactNode;
  /** A small title above the welcome line. */
  kicker?: string;
  /** What follows the welcome line. */
  intro?: ReactNode;
  navLabel: string;
  nav: ReactNode;
  /** Shown after the header's rows (an overlay, for one). */
  children?: ReactNode;
}) {
  const { user } = useAuth();
  const signOut = useSignOut();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo to={home} />
        <div className="flex items-center gap-2">
          {bell}
          <ButtonLink to="/app/settings" variant="ghost" size="sm">
            Settings
          </ButtonLink>
          <Button variant="ghost" size="sm" onClick={() => void signOut()}>
            Sign Out
          </Button>
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:px-6 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0">
          {kicker && (
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{kicker}</p>
          )}
          <h1
            className={cn(
              kicker && 'mt-1',
              'text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl',
            )}
          >
            Welcome, <span className="break-words">{user?.fullName ?? 'there'}</span>
          </h1>
          {intro}
        </div>
        <nav aria-label={navLabel} className="flex flex-wrap items-center gap-2">
          {nav}
        </nav>
      </div>
      {children}
    </header>
  );
}
