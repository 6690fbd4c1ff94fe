import {
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useQueries } from '@tanstack/react-query';
import {
  CV_TEMPLATES,
  EMPTY_CV,
  isCvEmpty,
  PAGE_SIZES,
  resolvePageSize,
  resolveTemplateId,
  type PageSize,
} from '@vitae/core/cv';
import { sampleInOwnLook } from '@vitae/core/sample-cv';
import { SECTION_KEYS, type SectionKey } from '@vitae/core/sections/index';
import { errorMessage } from '../../lib/api.ts';
import { fetchSection, sectionKey } from '../sections/api.ts';
import { useCurrentVersion, useCvData, useSavePageSize, type CvDataWithPage } from '../cv/api.ts';
import { DraftContext, useDraft } from '../sections/index.ts';
import { PagedCv } from './paged-cv.tsx';
import { PAPER_MM, PX_PER_MM } from './pagination.ts';
import { previewCvData } from './preview-data.ts';

type Rec = Record<string, unknown>;

const PAGE_LABELS: Record<PageSize, string> = { A4: 'A4', Letter: 'US Letter' };

type Lists = Partial<Record<SectionKey, readonly Rec[]>>;

/** Module-level, so TanStack Query keeps the combined object while no list changes. */
const byKey = (results: Array<{ data?: unknown }>): Lists => {
  const lists: Lists = {};
  SECTION_KEYS.forEach((k, i) => {
    const data = results[i]?.data as Rec[] | undefined;
    if (data) lists[k] = data;
  });
  return lists;
};

/** The section lists this page has loaded (never fetched here), re-read as they change. */
function useLoadedLists(): Lists {
  return useQueries({
    queries: SECTION_KEYS.map((k) => ({
      queryKey: sectionKey(k),
      queryFn: () => fetchSection(k),
      enabled: false,
    })),
    combine: byKey,
  });
}

/** The pane's inner width, for fitting the pages to it. */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => setWidth(el.clientWidth);
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The live preview beside the builder's form (issue 17): the CV in its chosen template with
 * the form's unsaved values, on pages of the CV's paper size broken where print breaks them.
 */
export default function PreviewPane() {
  const query = useCvData();
  const excluded = useCurrentVersion().current?.excluded;
  const store = useContext(DraftContext);
  const draft = useDraft(store);
  const lists = useLoadedLists();
  const savePageSize = useSavePageSize();
  const [ref, width] = useWidth<HTMLDivElement>();
  const [count, setCount] = useState(1);
  const selectId = useId();
  const statusId = useId();

  const response = query.data as CvDataWithPage | undefined;
  const template = resolveTemplateId(response?.cv.template);
  const pageSize = resolvePageSize(response?.cv.pageSize);
  const data = useMemo(
    () => previewCvData(response?.data ?? EMPTY_CV, lists, draft, excluded),
    [response?.data, lists, draft, excluded],
  );
  const empty = isCvEmpty(data);
  const templateName = CV_TEMPLATES.find((t) => t.id === template)?.name ?? '';
  const scale = width > 0 ? Math.min(1, width / (PAPER_MM[pageSize].width * PX_PER_MM)) : 0;

  return (
    <section aria-labelledby={`${statusId}-title`} className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 id={`${statusId}-title`} className="mr-auto text-sm font-semibold text-slate-900">
          Preview
        </h2>
        <label htmlFor={selectId} className="flex items-center gap-2 text-sm text-slate-700">
          Page size
          <select
            id={selectId}
            value={pageSize}
            onChange={(e) => savePageSize.change(e.target.value as PageSize)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {PAGE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id={statusId} className="text-xs text-slate-600" aria-live="polite">
        {empty ? 'Sample CV' : 'Your CV'} in the {templateName} template ·{' '}
        {count === 1 ? '1 page' : `${count} pages`} on {PAGE_LABELS[pageSize]}. Unsaved changes show
        here as you type.
      </p>
      {query.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(query.error, 'We could not load your CV.')}
        </p>
      )}
      {savePageSize.state === 'failed' && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(savePageSize.error, 'The page size could not be saved.')}
        </p>
      )}
      <div ref={ref} data-testid="cv-preview" className="min-w-0">
        {query.isPending ? (
          <p className="p-8 text-center text-sm text-slate-500">Loading your CV...</p>
        ) : (
          scale > 0 && (
            <PagedCv
              layout={template}
              data={empty ? sampleInOwnLook(data) : data}
              pageSize={pageSize}
              scale={scale}
              onPages={setCount}
            />
          )
        )}
      </div>
    </section>
  );
}
