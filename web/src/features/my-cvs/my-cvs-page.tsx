import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { CV_TEMPLATES } from '@vitae/core/templates';
import { LoadFailed } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { controlClass } from '../../components/ui/field.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import {
  useCurrentVersion,
  useMakeDefault,
  useRenameVersion,
  useShowVersion,
  type CvVersion,
} from '../cv/api.ts';
import { DeleteCvDialog, NAME_MAX, NewCvDialog, nameError } from './version-dialogs.tsx';
import { PublicLinkDialog } from './public-link-dialog.tsx';

/** core/src/versions.ts VERSIONS_MAX. */
const VERSIONS_MAX = 10;

const templateName = (id: string) => CV_TEMPLATES.find((t) => t.id === id)?.name ?? 'Modern';
const paperName = (size: string) => (size === 'Letter' ? 'US Letter' : 'A4');

/**
 * /app/my-cvs (issue 30): the user's CVs, each a version of one profile: open one in the
 * builder, rename, make default, duplicate, delete (never the last), and make a new one.
 */
export default function MyCvsPage() {
  const { query, versions, current } = useCurrentVersion();
  const [creating, setCreating] = useState<{ from?: CvVersion } | null>(null);
  const [deleting, setDeleting] = useState<CvVersion | null>(null);
  const endCreating = useCallback(() => setCreating(null), []);
  const endDeleting = useCallback(() => setDeleting(null), []);
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = 'My CVs · Vitae';
  }, []);

  const full = (versions?.length ?? 0) >= VERSIONS_MAX;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Link to="/app/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to dashboard
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
          My CVs
        </h1>
        {versions && (
          <Button size="sm" onClick={() => setCreating({})} disabled={full}>
            New CV
          </Button>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        One profile, many CVs: your entries are kept once, and each CV chooses its template, design,
        layout and which entries it shows.
      </p>
      {full && (
        <p className="mt-2 text-sm text-slate-700">
          You can keep up to {VERSIONS_MAX} CVs. Delete one to make another.
        </p>
      )}
      <p role="status" className="sr-only">
        {notice}
      </p>

      <div className="mt-6">
        {query.isPending ? (
          <PageLoader message="Loading your CVs..." />
        ) : query.isError ? (
          <LoadFailed title="Your CVs could not be loaded" onRetry={() => void query.refetch()} />
        ) : versions!.length === 0 ? (
          <Card className="p-8 text-center">
            <p className="text-slate-700">You have no CVs yet.</p>
            <Button className="mt-4" onClick={() => setCreating({})}>
              New CV
            </Button>
          </Card>
        ) : (
          <ul aria-label="Your CVs" className="space-y-3">
            {versions!.map((v) => (
              <VersionRow
                key={v._id}
                version={v}
                current={v._id === current?._id}
                deletable={versions!.length > 1}
                onDuplicate={() => setCreating({ from: v })}
                onDelete={() => setDeleting(v)}
                onNotice={setNotice}
              />
            ))}
          </ul>
        )}
      </div>

      {creating && versions && (
        <NewCvDialog
          open
          versions={versions}
          from={creating.from}
          onClose={endCreating}
          onCreated={(made) => {
            setCreating(null);
            setNotice(`“${made.name}” created.`);
          }}
        />
      )}
      <DeleteCvDialog
        version={deleting}
        onClose={endDeleting}
        onDeleted={(gone) => {
          setDeleting(null);
          setNotice(`“${gone.name}” deleted.`);
          // Its row is gone: the keyboard starts again from the heading.
          heading.current?.focus();
        }}
      />
    </div>
  );
}

interface VersionRowProps {
  version: CvVersion;
  /** The version the builder and View CV show now. */
  current: boolean;
  deletable: boolean;
  onDuplicate: () => void;
  onDelete: () => void;
  onNotice: (text: string) => void;
}

function VersionRow({
  version: v,
  current,
  deletable,
  onDuplicate,
  onDelete,
  onNotice,
}: VersionRowProps) {
  const navigate = useNavigate();
  const show = useShowVersion();
  const makeDefault = useMakeDefault();
  const [renaming, setRenaming] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const closeLink = useCallback(() => setLinkOpen(false), []);
  const renameButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // A rename ended: back to the Rename button, where the keyboard was.
  useEffect(() => {
    if (!renaming && refocus.current) {
      refocus.current = false;
      renameButton.current?.focus();
    }
  }, [renaming]);
  const titleId = `cv-${v._id}`;

  const open = async () => {
    await show(v._id);
    navigate('/app/cv-builder');
  };

  const endRename = (newName?: string) => {
    refocus.current = true;
    setRenaming(false);
    if (newName) onNotice(`Renamed to “${newName}”.`);
  };

  return (
    <li aria-labelledby={titleId}>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          {renaming ? (
            <RenameForm version={v} onDone={endRename} />
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={titleId} className="truncate text-base font-semibold text-slate-900">
                {v.name}
              </h2>
              {v.isDefault && (
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                  Default
                </span>
              )}
              {current && (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                  Open in the builder
                </span>
              )}
            </div>
          )}
          <p className="mt-1 text-sm text-slate-600">
            {templateName(v.template)} · {paperName(v.pageSize)} ·{' '}
            {v.liveShares === 1 ? '1 live share' : `${v.liveShares} live shares`}
            {v.publicLink && ' · Public link on'}
          </p>
          {makeDefault.isError && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errorMessage(makeDefault.error, 'This CV could not be made the default.')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void open()} aria-describedby={titleId}>
            Open in builder
          </Button>
          <Button
            ref={renameButton}
            size="sm"
            variant="secondary"
            onClick={() => setRenaming(true)}
            disabled={renaming}
            aria-describedby={titleId}
          >
            Rename
          </Button>
          {!v.isDefault && (
            <Button
              size="sm"
              variant="secondary"
              loading={makeDefault.isPending}
              onClick={() =>
                makeDefault.mutate(v._id, {
                  onSuccess: () => onNotice(`“${v.name}” is now your default CV.`),
                })
              }
              aria-describedby={titleId}
            >
              Make default
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={onDuplicate} aria-describedby={titleId}>
            Duplicate
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setLinkOpen(true)}
            aria-describedby={titleId}
          >
            Public link
          </Button>
          {deletable && (
            <Button size="sm" variant="ghost" onClick={onDelete} aria-describedby={titleId}>
              Delete
            </Button>
          )}
        </div>
      </Card>
      {linkOpen && <PublicLinkDialog version={v} onClose={closeLink} />}
    </li>
  );
}

/** The name in place: Enter saves, Escape cancels; the server's refusal shows under it. */
function RenameForm({
  version,
  onDone,
}: {
  version: CvVersion;
  onDone: (newName?: string) => void;
}) {
  const rename = useRenameVersion();
  const [name, setName] = useState(version.name);
  const [error, setError] = useState<string | null>(null);
  const errorId = `rename-${version._id}-error`;

  const save = () => {
    const trimmed = name.trim();
    if (trimmed === version.name) return onDone();
    if (!trimmed || trimmed.length > NAME_MAX) {
      setError(`Please enter a CV name of 1 to ${NAME_MAX} characters.`);
      return;
    }
    rename.mutate(
      { id: version._id, name: trimmed },
      {
        onSuccess: (made) => onDone(made.name),
        onError: (err) => setError(nameError(err, 'The CV could not be renamed.')),
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onDone();
    }
  };

  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <input
          // The user asked to rename: the name is ready to type over.
          autoFocus
          aria-label={`New name for ${version.name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={name}
          maxLength={NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={(e) => e.target.select()}
          disabled={rename.isPending}
          className={controlClass(Boolean(error), 'h-9 w-64 max-w-full')}
        />
        <Button size="sm" onClick={save} loading={rename.isPending}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDone()} disabled={rename.isPending}>
          Cancel
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
