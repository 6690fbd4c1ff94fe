import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BROWSE_SORTS, HR_MESSAGES, type BrowseItem, type BrowseSort } from '@vitae/core/hr';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { PublicCvListBanner } from '../public-cv/index.ts';
import { useBrowse, useSaveCv, type BrowseParams } from './api.ts';
import { BrowseCard, CandidateFacts, Details } from './browse-card.tsx';
import { BrowseFiltersPanel, TYPING_PAUSE_MS, useDebounced } from './browse-filters-panel.tsx';
import { filtersFromUrl, filtersToUrl, type BrowseFilters } from './browse-query.ts';
import { HrHeader, RequireHr, Stat } from './hr-parts.tsx';

const PAGE_SIZE = 24;

/** /app/hr-browse-cvs: listed CVs, searched, filtered and paged on the server. */
export default function HrBrowsePage() {
  return (
    <RequireHr>
      <HrBrowse />
    </RequireHr>
  );
}

/**
 * The filters live in the URL: a search can be bookmarked and shared, and back/forward step
 * through filter changes. Typing in the search replaces the entry instead of adding one.
 */
function useUrlFilters() {
  const [query, setQuery] = useSearchParams();
  const filters = filtersFromUrl(query);
  const change = (patch: Partial<BrowseFilters>, opts: { replace?: boolean } = {}) =>
    // A new search or filter starts again at page 1.
    setQuery(filtersToUrl({ ...filters, page: 1, ...patch }), { replace: opts.replace });
  return [filters, change] as const;
}

const SORT_LABELS: Record<BrowseSort, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name',
  views: 'Most viewed',
};

function HrBrowse() {
  const [filters, change] = useUrlFilters();
  const [search, setSearch] = useState(filters.search);
  const debounced = useDebounced(search, TYPING_PAUSE_MS);
  // The URL leads (back, forward, a bookmark); typing follows it after a pause.
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    const typed = debounced.trim();
    if (typed === filters.search) return;
    const sort =
      filters.sort === 'relevance' || filters.sort === 'newest' ? undefined : filters.sort;
    change({ search: typed, sort: sort ?? (typed ? 'relevance' : 'newest') }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const params: BrowseParams = { ...filters, limit: PAGE_SIZE };
  const page = filters.page;
  const setPage = (p: number) => change({ page: p });
  const browse = useBrowse(params);
  const save = useSaveCv();
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const [storeError, setStoreError] = useState<string | null>(null);
  const [preview, setPreview] = useState<BrowseItem | null>(null);

  useEffect(() => {
    if (browse.isError) setStoreError(errorMessage(browse.error, HR_MESSAGES.fetchPublicFailed));
  }, [browse.isError, browse.error]);

  const doSave = (item: BrowseItem) => {
    const name = item.fullName || 'This candidate';
    save.mutate(item._id, {
      onSuccess: () => {
        setPreview(null);
        setSavedMessage(HR_MESSAGES.savedAlert(name));
      },
      onError: (e) => setStoreError(errorMessage(e, HR_MESSAGES.saveFailed)),
    });
  };

  const data = browse.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <div className="min-h-screen bg-slate-50">
      <HrHeader title="Browse CVs" current="browse" />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
        <PublicCvListBanner onEvent={() => void browse.refetch()} />
        {savedMessage && (
          <Banner tone="success" onClose={() => setSavedMessage(null)}>
            {savedMessage}
          </Banner>
        )}
        {storeError && (
          <Banner tone="error" onClose={() => setStoreError(null)}>
            {storeError}
          </Banner>
        )}
        <section aria-label="Statistics" className="grid grid-cols-3 gap-3">
          <Stat label="Available CVs" value={data?.stats.available ?? 0} />
          <Stat label="Already Saved" value={data?.stats.saved ?? 0} />
          <Stat
            label="Filtered Results"
            value={data ? `${data.total}${data.totalCapped ? '+' : ''}` : 0}
          />
        </section>
        <section aria-label="Search" className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
          <TextField
            label="Search"
            type="search"
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Name, position, skill or summary"
          />
          <SelectField
            label="Sort by"
            value={filters.sort}
            onChange={(e) => change({ sort: e.target.value as BrowseSort })}
          >
            {BROWSE_SORTS.filter((s) => s !== 'relevance' || filters.search).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </SelectField>
        </section>
        <BrowseFiltersPanel filters={filters} onChange={change} />

        {browse.isPending ? (
          <p className="py-12 text-center text-slate-600">Loading CVs...</p>
        ) : !data || data.data.length === 0 ? (
          <Card className="p-10 text-center">
            <h2 className="text-lg font-semibold text-slate-900">No CVs Found</h2>
            <p className="mt-2 text-sm text-slate-600">
              {data?.stats.available
                ? 'Try a different search or filter.'
                : 'No CVs are publicly listed yet. New listings appear here live.'}
            </p>
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Public CVs">
            {data.data.map((item) => (
              <BrowseCard
                key={item._id}
                item={item}
                saving={save.isPending && save.variables === item._id}
                onPreview={() => setPreview(item)}
                onSave={() => doSave(item)}
              />
            ))}
          </ul>
        )}

        {data && (page > 1 || data.hasMore) && (
          <nav aria-label="Pages" className="flex items-center justify-center gap-3">
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </Button>
            <span className="text-sm text-slate-700">
              {data.totalCapped ? `Page ${page}` : `Page ${page} of ${pages}`}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={!data.hasMore}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </nav>
        )}
      </main>
      <Dialog
        open={preview !== null}
        onClose={() => setPreview(null)}
        title={preview?.fullName || 'Unnamed CV'}
        footer={
          preview && (
            <Button loading={save.isPending} onClick={() => doSave(preview)}>
              Save CV
            </Button>
          )
        }
      >
        {preview && (
          <div className="space-y-4">
            {preview.headline && <p className="text-sm text-slate-700">{preview.headline}</p>}
            <CandidateFacts item={preview} full />
            <Details item={preview} />
            <p className="text-xs text-slate-500">{contactNote(preview)}</p>
          </div>
        )}
      </Dialog>
    </div>
  );
}

/** What saving shows of the email and phone: all of it, or a request the candidate answers. */
export const contactNote = (item: BrowseItem): string =>
  item.contactMode === 'on-request'
    ? 'This candidate shares their email, phone number and street address on request: save the CV, then ask for them.'
    : 'Contact details are shown once you save the CV.';
