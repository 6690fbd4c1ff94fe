import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';

/** The Vitae mark and word, linking home. */
export function Logo({ to = '/', inverse = false }: { to?: string; inverse?: boolean }) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-2 rounded-md font-bold tracking-tight',
        inverse ? 'text-white' : 'text-slate-900',
      )}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={inverse ? '#fff' : '#2563eb'} />
        <path
          d="M9 10l7 13 7-13"
          fill="none"
          stroke={inverse ? '#2563eb' : '#fff'}
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg">Vitae</span>
    </Link>
  );
}
