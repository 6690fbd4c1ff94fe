import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Logo } from '../../components/ui/logo.tsx';

/** A page of a later release: says so, with a link back. */
export function ComingSoon({
  title,
  backTo = '/app/dashboard',
  backLabel = 'Back to Dashboard',
}: {
  title: string;
  backTo?: string;
  backLabel?: string;
}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <Logo to={backTo} />
        </div>
      </header>
      <main className="mx-auto flex max-w-6xl justify-center px-4 py-16 sm:px-6">
        <Card className="w-full max-w-lg p-8 text-center">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            Coming soon
          </p>
          <h1 className="mt-2 text-2xl font-semibold text-slate-900">{title}</h1>
          <p className="mt-3 text-sm text-slate-600">
            This page is coming soon. We&apos;re building it right now.
          </p>
          <ButtonLink to={backTo} className="mt-6">
            {backLabel}
          </ButtonLink>
        </Card>
      </main>
    </div>
  );
}
