import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/ui/banner.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { useSocketEvent } from '../../lib/socket.ts';
import { mySharesKey, useMyShares } from './api.ts';
import { ShareRow } from './share-row.tsx';

/** `?page=` as a whole number from 1; anything else is page 1. */
function pageFrom(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** /app/my-shares: every share sent, newest first, with its status, views and actions. */
export default function MySharesPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const shares = useMyShares(page);
  const client = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  // A recipient opened a share: its status, count and trail change.
  useSocketEvent('cv-viewed', () => void client.invalidateQueries({ queryKey: mySharesKey }));

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    // Back to the top of the list, for the eye and for the keyboard.
    heading.current?.focus();
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Link to="/app/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to dashboard
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
          My shares
        </h1>
        <ButtonLink to="/app/share-cv" size="sm">
          Share CV
        </ButtonLink>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Everyone you sent your CV to, newest first. Each recipient has their own link and pin.
      </p>

      <div className="mt-6">
        {shares.isPending ? (
          <PageLoader message="Loading your shares..." />
        ) : shares.isError ? (
          <LoadFailed title="Failed to load your shares" onRetry={() => void shares.refetch()} />
        ) : shares.data.total === 0 ? (
          <Card className="p-8 text-center">
            <p className="text-slate-700">You have not shared your CV yet.</p>
            <ButtonLink to="/app/share-cv" className="mt-4">
              Share your CV
            </ButtonLink>
          </Card>
        ) : (
          <>
            <ul aria-label="Shares" aria-busy={shares.isPlaceholderData} className="space-y-3">
              {shares.data.data.map((share) => (
                <ShareRow key={share._id} share={share} />
              ))}
            </ul>
            <Pagination
              page={page}
              pages={Math.max(1, Math.ceil(shares.data.total / shares.data.pageSize))}
              total={shares.data.total}
              busy={shares.isFetching && shares.isPlaceholderData}
              onPage={goTo}
            />
          </>
        )}
      </div>
    </div>
  );
}

function Pagination(props: {
  page: number;
  pages: number;
  total: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  if (props.pages <= 1 && props.page === 1) return null;
  return (
    <nav
      aria-label="Pagination"
      className="mt-6 flex items-center justify-between gap-3 text-sm text-slate-700"
    >
      <Button
        size="sm"
        variant="secondary"
        disabled={props.page <= 1 || props.busy}
        onClick={() => props.onPage(props.page - 1)}
      >
        Previous
      </Button>
      <span aria-live="polite">
        Page {props.page} of {props.pages}
      </span>
      <Button
        size="sm"
        variant="secondary"
        disabled={props.page >= props.pages || props.busy}
        onClick={() => props.onPage(props.page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
