import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { SiteFooter } from '../../components/ui/site-footer.tsx';
import { useTypewriter } from '../../lib/use-typewriter.ts';
import { QUOTES } from './quotes.ts';

const FEATURES = [
  {
    title: 'Build section by section',
    text: 'Personal details, experience, education, skills, languages and references, each in its own simple form.',
    icon: 'M4 6h16M4 12h16M4 18h10',
  },
  {
    title: 'Ten professional templates',
    text: 'Switch between ten polished layouts in a click, and print a clean ink-friendly version.',
    icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  },
  {
    title: 'Share with a view pin',
    text: 'Email your CV to recruiters. They unlock it with a private 6-digit pin, and you see when it is viewed.',
    icon: 'M7 11V7a5 5 0 0 1 10 0v4M5 11h14v10H5z',
  },
  {
    title: 'First impression video',
    text: 'Record a 30-second introduction so employers meet the person behind the CV.',
    icon: 'M15 10l5-3v10l-5-3M3 6h12v12H3z',
  },
] as const;

function TypingQuote() {
  const text = useTypewriter(QUOTES);
  return (
    <p className="mt-6 min-h-[3.5rem] text-lg text-slate-600 sm:text-xl" aria-hidden="true">
      &ldquo;{text}
      <span className="typing-caret" />
      &rdquo;
    </p>
  );
}

export default function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="sticky top-0 z-10 border-b border-slate-200/70 bg-white/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
            <Link
              to="/hr-introduction"
              className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900 sm:inline"
            >
              For recruiters
            </Link>
            <ButtonLink to="/login" variant="ghost" size="sm">
              Login
            </ButtonLink>
            <ButtonLink to="/signup" size="sm">
              Sign Up
            </ButtonLink>
          </nav>
        </div>
      </header>

      <main className="flex-1">
        <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-4xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24 sm:pb-28">
            <p className="inline-flex rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-semibold text-brand-700 shadow-xs">
              CV builder · sharing · recruiter dashboard
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-6xl">
              Build a CV that gets you <span className="text-brand-600">hired</span>
            </h1>
            <TypingQuote />
            <p className="sr-only">{QUOTES[0]}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <ButtonLink to="/signup" size="lg">
                Create your free CV
              </ButtonLink>
              <ButtonLink to="/login" size="lg" variant="secondary">
                Sign in
              </ButtonLink>
            </div>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900">
              Everything you need to stand out
            </h2>
            <p className="mt-3 text-slate-600">
              From your first draft to the interview: one place for your CV and who has seen it.
            </p>
          </div>
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map((f) => (
              <li
                key={f.title}
                className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <div className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <svg
                    viewBox="0 0 24 24"
                    className="size-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                  >
                    <path d={f.icon} />
                  </svg>
                </div>
                <h3 className="mt-4 text-base font-semibold text-slate-900">{f.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{f.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="px-4 pb-20 sm:px-6">
          <div className="mx-auto max-w-5xl rounded-2xl bg-brand-700 px-6 py-14 text-center shadow-lg sm:px-12">
            <h2 className="text-3xl font-bold tracking-tight text-white">
              Ready to start your CV?
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-brand-100">
              Sign up for free, fill in your sections and share a polished CV today.
            </p>
            <ButtonLink to="/signup" size="lg" variant="inverse" className="mt-8">
              Sign Up Now
            </ButtonLink>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
