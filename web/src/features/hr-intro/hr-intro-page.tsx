import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Banner } from '../../components/ui/banner.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { SiteFooter } from '../../components/ui/site-footer.tsx';
import { errorMessage } from '../../lib/api.ts';
import { auth, useAuth } from '../../lib/auth-store.ts';
import { useTypewriter } from '../../lib/use-typewriter.ts';

const TAGLINES = [
  'Find the right candidate faster.',
  'Save, rank and annotate CVs in one place.',
  'Meet candidates before the interview.',
] as const;

const POINTS = [
  {
    title: 'Browse public CVs',
    text: 'Search listed CVs by name and filter by gender; see who just listed their CV, live.',
  },
  {
    title: 'Save and rank',
    text: 'Keep a shortlist, rank each CV from Excellent to Poor and sort by date, views or name.',
  },
  {
    title: 'Private notes',
    text: 'Add notes to any saved CV. Only you see the notes and ranks you write.',
  },
  {
    title: 'First impression videos',
    text: 'Watch a 30-second introduction from candidates who recorded one.',
  },
] as const;

export default function HrIntroPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const tagline = useTypewriter(TAGLINES);
  const [enabling, setEnabling] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (user?.isHR) return <Navigate to="/app/hr-dashboard" replace />;

  const go = (path: '/login' | '/signup') => {
    auth.setHRIntent(true);
    navigate(path);
  };

  const enable = async () => {
    setEnabling(true);
    setError(null);
    try {
      await auth.enableHrDashboard();
      navigate('/app/hr-dashboard');
    } catch (e) {
      setError(errorMessage(e, 'Failed to enable HR dashboard.'));
      setEnabling(false);
    }
  };

  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          {user && (
            <ButtonLink to="/app/dashboard" variant="ghost" size="sm">
              My Dashboard
            </ButtonLink>
          )}
        </div>
      </header>
      <main className="flex-1">
        <section className="bg-gradient-to-b from-slate-900 to-brand-900 text-white">
          <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-24">
            <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">
              Vitae for HR
            </p>
            <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              Your recruiting dashboard
            </h1>
            <p className="mt-5 min-h-[2rem] text-lg text-brand-100 sm:text-xl" aria-hidden="true">
              {tagline}
              <span className="typing-caret" />
            </p>
            <p className="sr-only">{TAGLINES[0]}</p>
            <div className="mx-auto mt-8 max-w-md">
              {error && (
                <Banner tone="error" className="mb-4 text-left">
                  {error}
                </Banner>
              )}
              {user ? (
                <Button
                  size="lg"
                  variant="inverse"
                  loading={enabling}
                  onClick={() => void enable()}
                >
                  Enable HR Dashboard
                </Button>
              ) : (
                <div className="flex flex-col justify-center gap-3 sm:flex-row">
                  <Button size="lg" variant="inverse" onClick={() => go('/signup')}>
                    Sign Up
                  </Button>
                  <Button
                    size="lg"
                    className="border border-white/40 bg-transparent text-white hover:bg-white/10"
                    onClick={() => go('/login')}
                  >
                    Login
                  </Button>
                </div>
              )}
            </div>
          </div>
        </section>
        <section aria-labelledby="hr-features" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <h2
            id="hr-features"
            className="text-center text-3xl font-bold tracking-tight text-slate-900"
          >
            Built for busy recruiters
          </h2>
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {POINTS.map((p) => (
              <li
                key={p.title}
                className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h3 className="text-base font-semibold text-slate-900">{p.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{p.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
