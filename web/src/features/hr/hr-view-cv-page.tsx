import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import {
  CONTACT_MESSAGES,
  HR_MESSAGES,
  RANK_VALUES,
  RANK_LABELS,
  type ContactAccess,
  type HrNote,
  type HrRankValue,
  type SavedCvDetail,
} from '@vitae/core/hr';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { printSoon } from '../../lib/print.ts';
import {
  CertificatesModal,
  FirstImpressionModal,
  createProgressReporter,
} from '../shared-viewer/index.ts';
import { CvLayout } from '../templates/index.ts';
import { DownloadPdfDialog } from '../pdf/index.ts';
import {
  reportHrVideoProgress,
  useAddNote,
  useDeleteNote,
  useRequestContact,
  useSavedCv,
  useSetRank,
} from './api.ts';
import { RequireHr, dateTime, shortDate } from './hr-parts.tsx';

/** /app/hr-view-cv/:id: one saved CV in the owner's template, with rank and notes. */
export default function HrViewCvPage() {
  return (
    <RequireHr>
      <HrViewCv />
    </RequireHr>
  );
}

function HrViewCv() {
  const { id = '' } = useParams();
  const query = useSavedCv(id);
  if (query.isPending) return <PageLoader message="Loading CV..." />;
  if (!query.data) return <NotFound />;
  return <SavedCvView saved={query.data} />;
}

function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">CV Not Found</h1>
      <p className="text-slate-600">The saved CV could not be found or may have been removed.</p>
      <ButtonLink to="/app/hr-dashboard">Back to HR Dashboard</ButtonLink>
    </main>
  );
}

function SavedCvView({ saved }: { saved: SavedCvDetail }) {
  const location = useLocation();
  const cv = saved.curriculumVitae;
  // With the CV gone, the notes are what is left to work with: shown from the start.
  const [notesOpen, setNotesOpen] = useState(
    Boolean((location.state as { notes?: boolean } | null)?.notes) || !cv,
  );
  const [modal, setModal] = useState<'video' | 'certificates' | 'pdf' | null>(null);
  const name = saved.fullName || 'Unnamed CV';
  const { _id: savedId, viewId } = saved;
  // The owner's trail learns how much of the video this visit watched; a lost report is
  // not worth disturbing the reader for.
  const progress = useMemo(
    () =>
      viewId
        ? createProgressReporter((percent) => {
            reportHrVideoProgress(savedId, viewId, percent).catch(() => undefined);
          })
        : undefined,
    [savedId, viewId],
  );

  return (
    <div className="min-h-screen bg-slate-100 print:bg-white">
      <header className="border-b border-slate-200 bg-white print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3 sm:px-6">
          <div className="mr-auto flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1">
            <Link
              to="/app/hr-dashboard"
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              ← Back to HR Dashboard
            </Link>
            <div className="min-w-0">
              <h1 className="truncate text-lg font-semibold text-slate-900">{name}</h1>
              <p className="text-xs text-slate-600">
                {saved.viewCount} {saved.viewCount === 1 ? 'view' : 'views'} · Saved{' '}
                {shortDate(saved.dateSaved)} · Last viewed {shortDate(saved.lastViewed)}
              </p>
            </div>
          </div>
          {/* The actions wrap as one group, so a narrow header never strands one button. */}
          <div className="flex flex-wrap items-center gap-2">
            <RankSelect id={saved._id} rank={saved.rank} />
            <Button
              size="sm"
              variant="secondary"
              aria-expanded={notesOpen}
              onClick={() => setNotesOpen((o) => !o)}
            >
              Notes ({saved.notes.length})
            </Button>
            {cv && (
              <Button size="sm" variant="secondary" onClick={printSoon}>
                Print
              </Button>
            )}
            {cv && (
              <Button size="sm" variant="secondary" onClick={() => setModal('pdf')}>
                Download PDF
              </Button>
            )}
            {cv?.firstImpression?.videoUrl && (
              <Button size="sm" variant="secondary" onClick={() => setModal('video')}>
                First Impression
              </Button>
            )}
            {cv && cv.certificates.length > 0 && (
              <Button size="sm" variant="secondary" onClick={() => setModal('certificates')}>
                Certificates ({cv.certificates.length})
              </Button>
            )}
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-6 px-2 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_auto] print:block print:p-0">
        <main className="min-w-0 space-y-4 print:space-y-0">
          {cv && saved.contactAccess !== 'open' && (
            <ContactAccessBar id={saved._id} access={saved.contactAccess} />
          )}
          {cv ? (
            <CvLayout layout={saved.cvTemplate} data={cv} />
          ) : (
            <Card role="status" className="p-8 text-center">
              <p className="text-base font-medium text-slate-900">{HR_MESSAGES.cvUnavailable}</p>
            </Card>
          )}
        </main>
        {notesOpen && <NotesPanel id={saved._id} notes={saved.notes} />}
      </div>
      {cv && (
        <DownloadPdfDialog
          open={modal === 'pdf'}
          onClose={() => setModal(null)}
          path={`/hr/saved-cv/${saved._id}/pdf`}
          template={saved.cvTemplate}
          // This view prints its template only; the print dialog stands in for either choice.
          onPrintInstead={printSoon}
        />
      )}
      {cv?.firstImpression && (
        <FirstImpressionModal
          open={modal === 'video'}
          onClose={() => setModal(null)}
          name={saved.fullName}
          videoUrl={cv.firstImpression.videoUrl}
          progress={progress}
        />
      )}
      {cv && (
        <CertificatesModal
          open={modal === 'certificates'}
          onClose={() => setModal(null)}
          name={name}
          certificates={cv.certificates}
        />
      )}
    </div>
  );
}

const CONTACT_STATES: Record<
  Exclude<ContactAccess, 'open'>,
  { badge: string; className: string; text: string }
> = {
  'not-requested': {
    badge: 'Not requested',
    className: 'bg-slate-100 text-slate-700',
    text: 'This candidate shares their email, phone number and street address once they approve your request.',
  },
  requested: {
    badge: 'Requested',
    className: 'bg-amber-100 text-amber-900',
    text: 'Request sent. The email, phone number and street address appear here once the candidate approves.',
  },
  approved: {
    badge: 'Approved',
    className: 'bg-emerald-100 text-emerald-800',
    text: 'The candidate approved your request: their email, phone number and street address are on the CV.',
  },
  declined: {
    badge: 'Declined',
    className: 'bg-red-100 text-red-800',
    text: 'The candidate declined your request for their email, phone number and street address.',
  },
};

/** Contact details on request (ours, issue 14): the request's state and the one-click ask. */
function ContactAccessBar({ id, access }: { id: string; access: Exclude<ContactAccess, 'open'> }) {
  const request = useRequestContact(id);
  const state = CONTACT_STATES[access];
  return (
    <Card
      role="region"
      aria-labelledby="contact-access-title"
      className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4 print:hidden"
    >
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="contact-access-title" className="text-sm font-semibold text-slate-900">
            Contact details
          </h2>
          <span
            data-testid="contact-access"
            className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', state.className)}
          >
            {state.badge}
          </span>
        </div>
        <p className="mt-1 text-sm text-slate-600">{state.text}</p>
        {request.isError && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {errorMessage(request.error, CONTACT_MESSAGES.requestFailed)}
          </p>
        )}
      </div>
      {access === 'not-requested' && (
        <Button size="sm" loading={request.isPending} onClick={() => request.mutate()}>
          Request contact details
        </Button>
      )}
    </Card>
  );
}

/** Sent at once; disabled while sending; the previous rank comes back on failure. */
function RankSelect({ id, rank }: { id: string; rank: HrRankValue }) {
  const setRank = useSetRank(id);
  const [value, setValue] = useState<HrRankValue>(rank);
  const change = (next: HrRankValue) => {
    const previous = value;
    setValue(next);
    setRank.mutate(next, {
      onError: () => {
        setValue(previous);
        window.alert(HR_MESSAGES.rankFailed);
      },
    });
  };
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      Rank
      <select
        value={value}
        disabled={setRank.isPending}
        onChange={(e) => change(e.target.value as HrRankValue)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {(['null', ...RANK_VALUES.filter((r) => r !== 'null')] as HrRankValue[]).map((r) => (
          <option key={r} value={r}>
            {RANK_LABELS[r]}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A refused note (400, 409) says why, e.g. unsupported characters or too many notes; anything
 * else is the alert of docs/product/public-listing-and-hr.md#saved-cv-view.
 */
const addNoteError = (err: unknown): string =>
  err instanceof ApiError && (err.status === 400 || err.status === 409) && err.message
    ? err.message
    : HR_MESSAGES.addNoteFailed;

function NotesPanel({ id, notes }: { id: string; notes: HrNote[] }) {
  const addNote = useAddNote(id);
  const [content, setContent] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = content.trim();
    if (!text) return;
    addNote.mutate(text, {
      onSuccess: () => setContent(''),
      onError: (err) => window.alert(addNoteError(err)),
    });
  };
  return (
    <aside aria-labelledby="notes-title" className="w-full lg:w-80 print:hidden">
      <Card className="space-y-4 p-4">
        <h2 id="notes-title" className="text-base font-semibold text-slate-900">
          Notes
        </h2>
        <form onSubmit={submit} className="space-y-2">
          <label htmlFor="new-note" className="sr-only">
            New note
          </label>
          <textarea
            id="new-note"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            rows={3}
            placeholder="Write a note about this candidate"
            className="w-full rounded-md border border-slate-300 p-2 text-sm"
          />
          <Button type="submit" size="sm" disabled={!content.trim() || addNote.isPending}>
            {addNote.isPending ? 'Saving...' : 'Add Note'}
          </Button>
        </form>
        {notes.length === 0 ? (
          <p className="text-sm text-slate-600">No notes yet. Add your first note above!</p>
        ) : (
          <ul className="space-y-3" aria-label="Notes">
            {notes.map((n) => (
              <NoteItem key={n._id} id={id} note={n} />
            ))}
          </ul>
        )}
      </Card>
    </aside>
  );
}

function NoteItem({ id, note }: { id: string; note: HrNote }) {
  const del = useDeleteNote(id);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm">
      <p className="whitespace-pre-wrap text-slate-800">{note.content}</p>
      <div className="mt-2 flex items-center justify-between gap-2">
        <time dateTime={note.createdAt} className="text-xs text-slate-500">
          {dateTime(note.createdAt)}
        </time>
        {!confirming && (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="text-xs font-semibold text-red-700 hover:underline"
          >
            Delete
          </button>
        )}
      </div>
      {confirming && (
        <div
          className="mt-2 flex flex-wrap items-center gap-2"
          role="group"
          aria-label="Confirm delete"
        >
          <span className="text-xs text-slate-700">Delete this note?</span>
          <Button
            size="sm"
            variant="danger"
            loading={del.isPending}
            onClick={() =>
              del.mutate(note._id, {
                onError: () => {
                  setConfirming(false);
                  window.alert(HR_MESSAGES.deleteNoteFailed);
                },
              })
            }
          >
            Yes, Delete
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      )}
    </li>
  );
}
