import { Link } from 'react-router';

/** The public pages' footer with the 2024 copyright. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:px-6">
        <p>© 2024 Vitae. All rights reserved.</p>
        <nav aria-label="Footer" className="flex gap-5">
          <Link to="/hr-introduction" className="hover:text-slate-900">
            For recruiters
          </Link>
          <Link to="/login" className="hover:text-slate-900">
            Sign in
          </Link>
          <a href="mailto:support@vitae.local" className="hover:text-slate-900">
            Support
          </a>
        </nav>
      </div>
    </footer>
  );
}
