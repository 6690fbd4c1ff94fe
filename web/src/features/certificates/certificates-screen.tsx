import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CERTIFICATE_ACCEPT,
  CERTIFICATE_ISSUER_MAX,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_REFRESH_THROTTLE_MS,
  CERTIFICATE_TITLE_MAX,
  CERTIFICATE_URL_MAX,
  CERTIFICATE_VIEW_AUTOCLOSE_MS,
  isCertificateUrl,
  type Certificate,
} from '@vitae/core/media';
import { formatDay } from '@vitae/core/dates';
import {
  certificateDetailsText,
  certificateHref,
  hasCertificateFile,
} from '@vitae/core/certificate-text';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { DropZone } from '../../components/ui/drop-zone.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import {
  discardUpload,
  mediaSrc,
  requestSignature,
  uploadToMedia,
  UploadError,
} from '../../lib/media-upload.ts';
import { CLOSE_FORM_MS, useFlash } from '../sections/index.ts';
import {
  useCertificates,
  useCreateCertificate,
  useDeleteCertificate,
  useUpdateCertificate,
} from './api.ts';

const ALLOWED_TYPES = ['application/pdf', 'image/jpeg', 'image/jpg', 'image/png'];
const ALLOWED_EXTENSIONS = /\.(pdf|jpe?g|png)$/i;
/** Seed data of the original product pointed at an example host: never opened. */
const PLACEHOLDER_URL = /^https?:\/\/(www\.)?example\.(com|org|net)\//i;

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** Type then size (docs/product/media.md#certificates); the server checks the bytes again. */
export function checkCertificateFile(file: File): string | null {
  const typeOk = file.type ? ALLOWED_TYPES.includes(file.type) : ALLOWED_EXTENSIONS.test(file.name);
  if (!typeOk) return CERTIFICATE_MESSAGES.badType;
  if (file.size > CERTIFICATE_MAX_BYTES) return CERTIFICATE_MESSAGES.tooLarge;
  return null;
}

const documentUrl = (c: Certificate) => c.pdfUrl || c.photoUrl;

interface Errors {
  title?: string;
  issuer?: string;
  date?: string;
  url?: string;
  file?: string;
  general?: string;
}

function DocumentField({
  file,
  error,
  hasCurrent,
  onPick,
}: {
  file: File | null;
  error?: string;
  hasCurrent: boolean;
  onPick: (f: File | undefined) => void;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor="certificate-file" className="block text-sm font-medium text-slate-800">
        Certificate document <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <DropZone
        inputId="certificate-file"
        accept={CERTIFICATE_ACCEPT}
        onFile={onPick}
        invalid={Boolean(error)}
        className="p-6"
        describedBy="certificate-file-hint"
        testId="certificate-drop-zone"
      >
        {file ? (
          <p className="text-sm font-medium text-slate-900">
            {file.name}{' '}
            <span className="text-slate-600">({(file.size / 1024 / 1024).toFixed(2)} MB)</span>
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            {hasCurrent
              ? 'Keep the current document, or click / drag and drop a new one here'
              : 'Click to choose a document, or drag and drop it here'}
          </p>
        )}
        <p id="certificate-file-hint" className="mt-1 text-xs text-slate-600">
          PDF, JPEG or PNG, up to 5MB
        </p>
      </DropZone>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function ViewDialog({ cert, onClose }: { cert: Certificate | null; onClose: () => void }) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!cert) return null;
  const url = documentUrl(cert);
  const pdf = Boolean(cert.pdfUrl);
  const placeholder = PLACEHOLDER_URL.test(url);
  const details = certificateDetailsText(cert);
  const link = certificateHref(cert.url);
  return (
    <Dialog open onClose={onClose} title={cert.title} size="lg">
      {(details || link) && (
        <div className="mb-4 space-y-1 text-sm text-slate-700">
          {details && <p>{details}</p>}
          {link && (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold break-all text-brand-700 underline hover:text-brand-800"
            >
              {link}
            </a>
          )}
        </div>
      )}
      {!hasCertificateFile(cert) ? (
        <p className="text-sm text-slate-700">No document is attached to this certificate.</p>
      ) : placeholder ? (
        <p>This certificate has a placeholder document ({url}) and cannot be opened.</p>
      ) : (
        <div className="space-y-4">
          {!pdf && (
            <img
              src={mediaSrc(url)}
              alt={cert.title}
              className="mx-auto max-h-[60vh] rounded border border-slate-200"
            />
          )}
          <a
            href={mediaSrc(url)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex font-semibold text-brand-700 underline hover:text-brand-800"
            // The modal gets out of the way once the document has its own tab.
            onClick={() => {
              timer.current = setTimeout(onClose, CERTIFICATE_VIEW_AUTOCLOSE_MS);
            }}
          >
            {pdf ? 'Open PDF in new tab' : 'Open image in new tab'}
          </a>
        </div>
      )}
    </Dialog>
  );
}

function CertificateItem({
  cert,
  confirming,
  deleting,
  onView,
  onEdit,
  onAskDelete,
  onDelete,
  onCancelDelete,
}: {
  cert: Certificate;
  confirming: boolean;
  deleting: boolean;
  onView: () => void;
  onEdit: () => void;
  onAskDelete: () => void;
  onDelete: () => void;
  onCancelDelete: () => void;
}) {
  const details = certificateDetailsText(cert);
  const link = certificateHref(cert.url);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{cert.title}</p>
          {details && <p className="text-sm break-words text-slate-800">{details}</p>}
          {link && (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="block max-w-full truncate text-sm text-brand-700 underline hover:text-brand-800"
            >
              {link}
            </a>
          )}
          <p className="text-sm text-slate-700">
            {cert.pdfUrl ? 'PDF Document' : cert.photoUrl ? 'Photo Document' : 'No document'}
          </p>
          <p className="text-xs text-slate-600">Last Updated: {formatDay(cert.lastUpdate)}</p>
        </div>
        {!confirming && (
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={onView}
              aria-label={`View ${cert.title}`}
            >
              View
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={onEdit}
              aria-label={`Edit ${cert.title}`}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={onAskDelete}
              aria-label={`Delete ${cert.title}`}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
      {confirming && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-800">Delete this certificate?</span>
          <Button size="sm" variant="danger" loading={deleting} onClick={onDelete}>
            Yes, Delete
          </Button>
          <Button size="sm" variant="secondary" onClick={onCancelDelete}>
            Cancel
          </Button>
        </div>
      )}
    </li>
  );
}

export function CertificatesScreen() {
  const certificates = useCertificates();
  const create = useCreateCertificate();
  const update = useUpdateCertificate();
  const remove = useDeleteCertificate();
  const [showForm, setShowForm] = useState(false);
  const [editing, setEditing] = useState<Certificate | null>(null);
  const [title, setTitle] = useState('');
  const [issuer, setIssuer] = useState('');
  const [date, setDate] = useState('');
  const [link, setLink] = useState('');
  const [removeFile, setRemoveFile] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Certificate | null>(null);
  const [success, flash] = useFlash();
  const lastRefresh = useRef(0);
  const titleInput = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const list = certificates.data ?? [];
  const empty = certificates.isSuccess && list.length === 0;

  // The form opens by itself when there is nothing to list.
  useEffect(() => {
    if (empty) setShowForm(true);
  }, [empty]);

  const reset = () => {
    clearTimeout(closeTimer.current);
    setEditing(null);
    setTitle('');
    setIssuer('');
    setDate('');
    setLink('');
    setRemoveFile(false);
    setFile(null);
    setErrors({});
    setProgress(null);
  };

  const pick = (f: File | undefined) => {
    if (!f) return;
    const problem = checkCertificateFile(f);
    setErrors((e) => ({ ...e, file: problem ?? undefined, general: undefined }));
    setFile(problem ? null : f);
  };

  const startEdit = (c: Certificate) => {
    reset();
    setEditing(c);
    setTitle(c.title);
    setIssuer(c.issuer);
    setDate(c.date);
    setLink(c.url);
    setShowForm(true);
    window.setTimeout(() => titleInput.current?.focus(), 0);
  };

  const refresh = () => {
    // Throttled: at most one refresh per 2 seconds (docs/product/media.md#certificates).
    const now = Date.now();
    if (now - lastRefresh.current < CERTIFICATE_REFRESH_THROTTLE_MS) return;
    lastRefresh.current = now;
    void certificates.refetch().then((r) => {
      if (r.isSuccess) flash(CERTIFICATE_MESSAGES.refreshed);
    });
  };

  async function upload(f: File) {
    const sig = await requestSignature('none');
    setProgress(0);
    const res = await uploadToMedia(isPdf(f) ? 'raw' : 'image', f, f.name, sig, {
      onProgress: (p) => setProgress(Math.min(p, 99)),
    });
    setProgress(100);
    return res;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    const trimmed = title.trim();
    if (!trimmed) next.title = CERTIFICATE_MESSAGES.titleRequired;
    else if (trimmed.length > CERTIFICATE_TITLE_MAX) next.title = CERTIFICATE_MESSAGES.titleTooLong;
    if (issuer.trim().length > CERTIFICATE_ISSUER_MAX)
      next.issuer = CERTIFICATE_MESSAGES.issuerTooLong;
    if (link.trim() && !isCertificateUrl(link.trim())) next.url = CERTIFICATE_MESSAGES.badUrl;
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    let uploaded: string | null = null;
    try {
      const doc = file ? await upload(file) : null;
      uploaded = doc?.public_id ?? null;
      const body = {
        title: trimmed,
        issuer: issuer.trim(),
        date,
        url: link.trim(),
        ...(editing && removeFile && !doc ? { removeFile: true } : {}),
        ...(doc && file
          ? {
              publicId: doc.public_id,
              pdfUrl: isPdf(file) ? doc.secure_url : '',
              photoUrl: isPdf(file) ? '' : doc.secure_url,
            }
          : {}),
      };
      if (editing) await update.mutateAsync({ id: editing._id, ...body });
      else await create.mutateAsync(body);
      uploaded = null;
      flash(editing ? CERTIFICATE_MESSAGES.updated : CERTIFICATE_MESSAGES.added);
      reset();
      // On a list that had entries the form steps aside after 1 s
      // (docs/product/builder.md#common-behaviour).
      if (list.length > 0) closeTimer.current = setTimeout(() => setShowForm(false), CLOSE_FORM_MS);
    } catch (err) {
      if (uploaded) discardUpload(uploaded);
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      const known = ['title', 'issuer', 'date', 'url'].filter((f) => fields[f]);
      setErrors({
        ...Object.fromEntries(known.map((f) => [f, fields[f]])),
        general: known.length
          ? undefined
          : err instanceof UploadError
            ? err.message
            : errorMessage(err, CERTIFICATE_MESSAGES.uploadFailed),
      });
      setProgress(null);
    } finally {
      setBusy(false);
    }
  }

  const doDelete = (c: Certificate) =>
    remove.mutate(
      { id: c._id, publicId: c.publicId },
      {
        onSuccess: () => flash(CERTIFICATE_MESSAGES.deleted),
        onSettled: () => setConfirmId(null),
      },
    );

  return (
    <div className="space-y-8">
      <h2 className="text-xl font-semibold text-slate-900">Certificates &amp; Achievements</h2>
      {success && <Banner tone="success">{success}</Banner>}

      <section aria-labelledby="add-certificate-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="add-certificate-title" className="text-lg font-semibold text-slate-900">
            Add New Certificate
          </h3>
          <Button
            variant="secondary"
            aria-expanded={showForm}
            aria-controls="certificate-form"
            onClick={() => {
              if (showForm) reset();
              setShowForm(!showForm);
            }}
          >
            {showForm ? 'Hide Form' : 'Add Certificate'}
          </Button>
        </div>
        {showForm && (
          <form
            id="certificate-form"
            onSubmit={submit}
            noValidate
            className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
          >
            {errors.general && <Banner tone="error">{errors.general}</Banner>}
            <TextField
              ref={titleInput}
              label="Certificate title"
              value={title}
              maxLength={CERTIFICATE_TITLE_MAX}
              onChange={(e) => {
                setTitle(e.target.value);
                setErrors((x) => ({ ...x, title: undefined }));
              }}
              error={errors.title}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Issuer (optional)"
                value={issuer}
                maxLength={CERTIFICATE_ISSUER_MAX}
                onChange={(e) => {
                  setIssuer(e.target.value);
                  setErrors((x) => ({ ...x, issuer: undefined }));
                }}
                error={errors.issuer}
              />
              <TextField
                label="Date (optional)"
                type="month"
                value={date}
                onChange={(e) => {
                  setDate(e.target.value);
                  setErrors((x) => ({ ...x, date: undefined }));
                }}
                error={errors.date}
              />
            </div>
            <TextField
              label="Link to check it (optional)"
              type="url"
              inputMode="url"
              placeholder="https://"
              value={link}
              maxLength={CERTIFICATE_URL_MAX}
              onChange={(e) => {
                setLink(e.target.value);
                setErrors((x) => ({ ...x, url: undefined }));
              }}
              error={errors.url}
            />
            <DocumentField
              file={file}
              error={errors.file}
              hasCurrent={!!editing && hasCertificateFile(editing) && !removeFile}
              onPick={pick}
            />
            {editing && hasCertificateFile(editing) && !file && (
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={removeFile}
                  onChange={(e) => setRemoveFile(e.target.checked)}
                />
                Remove the current document
              </label>
            )}
            {progress !== null && <ProgressBar value={progress} showValue />}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={busy}>
                {busy
                  ? editing
                    ? 'Updating...'
                    : 'Adding...'
                  : editing
                    ? 'Update Certificate'
                    : 'Add Certificate'}
              </Button>
              {editing && (
                <Button variant="secondary" onClick={reset} disabled={busy}>
                  Cancel
                </Button>
              )}
            </div>
          </form>
        )}
      </section>

      <section aria-labelledby="certificates-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="certificates-title" className="text-lg font-semibold text-slate-900">
            Your Certificates
          </h3>
          <Button
            variant="secondary"
            size="sm"
            onClick={refresh}
            loading={certificates.isFetching && !certificates.isLoading}
          >
            Refresh
          </Button>
        </div>
        {certificates.isLoading && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner size="sm" /> Loading certificates...
          </p>
        )}
        {remove.isError && <Banner tone="error">{CERTIFICATE_MESSAGES.deleteFailed}</Banner>}
        {empty && (
          <p className="text-sm text-slate-600">
            No certificates added yet. Add your first certificate to get started!
          </p>
        )}
        <ul className="space-y-3">
          {list.map((c) => (
            <CertificateItem
              key={c._id}
              cert={c}
              confirming={confirmId === c._id}
              deleting={remove.isPending}
              onView={() => setViewing(c)}
              onEdit={() => startEdit(c)}
              onAskDelete={() => setConfirmId(c._id)}
              onDelete={() => doDelete(c)}
              onCancelDelete={() => setConfirmId(null)}
            />
          ))}
        </ul>
      </section>
      <ViewDialog cert={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

export default CertificatesScreen;
