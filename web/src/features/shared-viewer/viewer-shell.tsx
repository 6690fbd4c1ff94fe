import type { ReactNode } from 'react';
import { Logo } from '../../components/ui/logo.tsx';

/** The app header every state of the viewer shares: the logo, then the page's own actions. */
export function ViewerHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <Logo />
        {children}
      </div>
    </header>
  );
}

/** Loading, missing and locked: the header over a centred card in the page's one `<main>`. */
export function ViewerShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-100">
      <ViewerHeader />
      <main className="flex flex-1 items-center justify-center px-4 py-10">{children}</main>
    </div>
  );
}
