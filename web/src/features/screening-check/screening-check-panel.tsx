import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CV_TEMPLATES } from '@vitae/core/cv';
import type { ScreeningCheck } from '@vitae/core/screening-check';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api, ApiError, errorMessage } from '../../lib/api.ts';
import { SCREENING_TITLE, type ScreeningCheckProps } from './screening-check-props.ts';

const layoutName = (id: string) =>
  id === 'ink-friendly' ? 'Ink-friendly' : (CV_TEMPLATES.find((t) => t.id === id)?.name ?? id);

function checkUrl(version?: string | null, template?: string): string {
  const query = new URLSearchParams();
  if (version) query.set('version', version);
  if (template) query.set('template', template);
  const q = query.toString();
  return `/api/curriculum-vitae/screening-check${q ? `?${q}` : ''}`;
}

function Icon({ kind }: { kind: 'found' | 'missing' | 'warning' }) {
  const paths = {
    found: 'M5 12.5l4.5 4.5L19 7.5',
    missing: 'M7 7l10 10M17 7 7 17',
    warning: 'M12 4 2.5 20h19L12 4zM12 10v4.5M12 17.2v.3',
  };
  const colours = {
    found: 'text-emerald-700',
    missing: 'text-red-700',
    warning: 'text-amber-700',
  };
  return (
    <svg
      viewBox="0 0 24 24"
      className={`mt-0.5 size-4 shrink-0 ${colours[kind]}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[kind]} />
    </svg>
  );
}

/** One finding: its icon, then its text with the status in words. */
function Row({ found, children }: { found: boolean; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <Icon kind={found ? 'found' : 'missing'} />
      <span>{children}</span>
    </li>
  );
}

const Status = ({ found }: { found: boolean }) => (
  <span className={found ? 'text-emerald-800' : 'font-medium text-red-800'}>
    {found ? 'found' : 'not found'}
  </span>
);

function Heading({ children }: { children: ReactNode }) {
  return <h3 className="mb-2 text-sm font-semibold text-slate-900">{children}</h3>;
}

export function Findings({ check }: { check: ScreeningCheck }) {
  const missed = check.sections.filter((s) => !s.found).length;
  return (
    <div className="grid gap-5">
      <p>
        A screening system (ATS) reads the text of your PDF, not its looks. This is what one read
        from your CV in the <strong>{layoutName(check.template)}</strong> template.
      </p>
      <section aria-labelledby="screening-warnings">
        <Heading>
          <span id="screening-warnings">
            {check.warnings.length === 0
              ? 'No problems found'
              : `${check.warnings.length} ${check.warnings.length === 1 ? 'thing' : 'things'} to look at`}
          </span>
        </Heading>
        {check.warnings.length === 0 ? (
          <p className="flex items-start gap-2">
            <Icon kind="found" /> Every section and contact detail was read as written.
          </p>
        ) : (
          <ul className="grid gap-2">
            {check.warnings.map((w, i) => (
              <li key={i} className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2">
                <Icon kind="warning" />
                <span>
                  <span className="sr-only">Warning: </span>
                  {w.message}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="grid gap-5 sm:grid-cols-2">
        <section aria-labelledby="screening-sections">
          <Heading>
            <span id="screening-sections">
              Sections ({check.sections.length - missed} of {check.sections.length} found)
            </span>
          </Heading>
          <ul className="grid gap-1.5">
            {check.sections.map((s) => (
              <Row key={s.key} found={s.found}>
                {s.title}: <Status found={s.found} />
              </Row>
            ))}
          </ul>
        </section>
        <section aria-labelledby="screening-contact">
          <Heading>
            <span id="screening-contact">Contact details</span>
          </Heading>
          <ul className="grid gap-1.5">
            {check.contact.map((c) => (
              <Row key={c.field} found={c.found}>
                {c.label}: <Status found={c.found} />
                <span className="block break-all text-slate-500">
                  {c.value}
                  {!c.found && c.read && ` (read as “${c.read}”)`}
                </span>
              </Row>
            ))}
          </ul>
        </section>
      </div>
      <section aria-labelledby="screening-text">
        <Heading>
          <span id="screening-text">The text, in the order it was read</span>
        </Heading>
        <pre
          tabIndex={0}
          aria-labelledby="screening-text"
          className="max-h-64 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800"
        >
          {check.text.join('\n')}
        </pre>
      </section>
    </div>
  );
}

/** The panel: loads the check when opened, then shows its findings (or the error and Try again). */
const FAILED = 'The screening check could not be made. Please try again.';

/**
 * The server's own words when it cannot check here (no Chromium, renders busy): the API
 * wrapper hides a 5xx's text, so it is read from the answer's body. Else a plain failure.
 */
function failure(e: unknown): string {
  if (e instanceof ApiError && e.status === 503) {
    const body = (e.body ?? {}) as { error?: unknown; code?: unknown };
    if (typeof body.error === 'string' && String(body.code).startsWith('screening_')) {
      return body.error;
    }
  }
  return errorMessage(e, FAILED);
}

export default function ScreeningCheckPanel({ onClose, version, template }: ScreeningCheckProps) {
  const query = useQuery({
    queryKey: ['screening-check', version ?? null, template ?? null],
    queryFn: ({ signal }) => api.get<ScreeningCheck>(checkUrl(version, template), { signal }),
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={SCREENING_TITLE}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="-mx-5 -my-4 max-h-[70vh] overflow-y-auto px-5 py-4">
        {query.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <Spinner size="sm" /> Reading your PDF as a screening system would…
          </p>
        ) : query.isError ? (
          <div className="grid justify-items-start gap-3">
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
              {failure(query.error)}
            </p>
            <Button size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
              Try again
            </Button>
          </div>
        ) : (
          <Findings check={query.data} />
        )}
      </div>
    </Dialog>
  );
}
