import type { ReactNode } from 'react';
import { Logo } from '../../components/ui/logo.tsx';

/** The frame of the sign-in pages: logo, a centred card, a small footer. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card (links to the other auth pages). */
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-12">
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            {subtitle && <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>}
            <div className="mt-6">{children}</div>
          </div>
          {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
        </div>
      </main>
      <footer className="py-6 text-center text-xs text-slate-600">
        © 2024 Vitae. All rights reserved.
      </footer>
    </div>
  );
}

/** A link inside auth texts. */
export const authLink = 'font-semibold text-brand-700 hover:text-brand-800 hover:underline';
