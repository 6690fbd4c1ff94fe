import { cn } from '../../lib/cn.ts';

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' };

/** A decorative spinner; pair it with visible or screen-reader text. */
export function Spinner({
  size = 'md',
  className,
}: {
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent',
        sizes[size],
        className,
      )}
    />
  );
}

/** A full-screen overlay with a spinner and a message ("Signing you in...", "Switching..."). */
export function FullScreenLoader({ message }: { message: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white/90 backdrop-blur-sm"
    >
      <Spinner size="lg" className="text-brand-600" />
      <p className="text-base font-medium text-slate-700">{message}</p>
    </div>
  );
}

/** An in-page loading block for a section or a lazy route. */
export function PageLoader({ message = 'Loading...' }: { message?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[40vh] flex-col items-center justify-center gap-3 p-8"
    >
      <Spinner size="lg" className="text-brand-600" />
      <p className="text-sm text-slate-600">{message}</p>
    </div>
  );
}
