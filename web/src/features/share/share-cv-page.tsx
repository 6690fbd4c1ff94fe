import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DEFAULT_SHARE_EXPIRY_DAYS,
  defaultShareMessage,
  defaultShareSubject,
  isShareEmail,
  SHARE_MESSAGE_MAX,
  SHARE_EXPIRY_DAYS,
  SHARE_MESSAGES,
  SHARE_RECIPIENTS_MAX,
  SHARE_SUBJECT_MAX,
  SHARE_SUCCESS_REDIRECT_MS,
  type ShareExpiryDays,
} from '@vitae/core/share';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { useCvVersions } from '../cv/api.ts';
import { useShareContext, useShareCv } from './api.ts';

type Step = 1 | 2 | 3 | 'preview' | 'sent';
type Recipient = { email: string; key: string };
type Errors = Partial<Record<'subject' | 'message' | 'email' | 'recipients' | 'general', string>>;

const STEP_TITLES = { 1: 'Subject', 2: 'Message', 3: 'Recipients' } as const;
const newKey = () => Math.random().toString(36).slice(2, 10);

/**
 * /app/share-cv: subject, message, recipients, preview, send
 * (docs/product/sharing.md#share-wizard).
 */
export default function ShareCvPage() {
  const fullName = useAuth().user?.fullName ?? '';
  const navigate = useNavigate();
  const context = useShareContext();
  const versions = useCvVersions().data;
  /** The CV version shared (issue 30): the user's pick, else the default. */
  const [versionId, setVersionId] = useState<string | null>(null);
  const send = useShareCv();
  const [step, setStep] = useState<Step>(1);
  const [subject, setSubject] = useState(() => defaultShareSubject(fullName));
  const [message, setMessage] = useState(() => defaultShareMessage(fullName));
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [email, setEmail] = useState('');
  const [expiresInDays, setExpiresInDays] = useState<ShareExpiryDays>(DEFAULT_SHARE_EXPIRY_DAYS);
  const [errors, setErrors] = useState<Errors>({});
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), [step]);

  useEffect(() => {
    if (step !== 'sent') return;
    const timer = window.setTimeout(() => {
      setSubject(defaultShareSubject(fullName));
      setMessage(defaultShareMessage(fullName));
      setRecipients([]);
      setExpiresInDays(DEFAULT_SHARE_EXPIRY_DAYS);
      setStep(1);
      void navigate('/app/dashboard');
    }, SHARE_SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [step, fullName, navigate]);

  if (context.isPending) return <PageLoader message="Loading..." />;

  const clearError = (field: keyof Errors) =>
    setErrors(({ [field]: _dropped, general: _general, ...rest }) => rest);

  const subjectError = () =>
    !subject.trim()
      ? SHARE_MESSAGES.subjectRequired
      : subject.length > SHARE_SUBJECT_MAX
        ? SHARE_MESSAGES.subjectTooLong
        : undefined;
  const messageError = () =>
    !message.trim()
      ? SHARE_MESSAGES.messageRequired
      : message.length > SHARE_MESSAGE_MAX
        ? SHARE_MESSAGES.messageTooLong
        : undefined;

  /** Checks the typed email; returns the error, or null when it may be added. */
  const emailError = (value: string, list: Recipient[]) => {
    if (!isShareEmail(value)) return SHARE_MESSAGES.emailInvalid;
    if (list.some((r) => r.email.toLowerCase() === value.toLowerCase())) {
      return SHARE_MESSAGES.emailDuplicate;
    }
    if (list.length >= SHARE_RECIPIENTS_MAX) return SHARE_MESSAGES.recipientsTooMany;
    return null;
  };

  const addEmail = () => {
    const value = email.trim();
    const error = emailError(value, recipients);
    if (error) return setErrors({ email: error });
    setRecipients((list) => [...list, { email: value, key: newKey() }]);
    setEmail('');
    setErrors({});
  };

  /** The recipients with a valid typed-but-not-added email included, or null after an error. */
  const finalRecipients = (): Recipient[] | null => {
    const typed = email.trim();
    let list = recipients;
    if (typed) {
      const error = emailError(typed, recipients);
      if (error) {
        setErrors({ email: error });
        return null;
      }
      list = [...recipients, { email: typed, key: newKey() }];
      setRecipients(list);
      setEmail('');
    }
    if (list.length === 0) {
      setErrors({ recipients: SHARE_MESSAGES.recipientsRequired });
      return null;
    }
    return list;
  };

  const next = (e: FormEvent) => {
    e.preventDefault();
    if (step === 1) {
      const error = subjectError();
      if (error) return setErrors({ subject: error });
      setErrors({});
      return setStep(2);
    }
    if (step === 2) {
      const error = messageError();
      if (error) return setErrors({ message: error });
      setErrors({});
      return setStep(3);
    }
    if (step === 3 && finalRecipients()) {
      setErrors({});
      setStep('preview');
    }
  };

  const submit = () => {
    const list = finalRecipients();
    const errs: Errors = { subject: subjectError(), message: messageError() };
    if (!list || errs.subject || errs.message || !context.data) {
      setErrors((old) => ({
        ...old,
        ...errs,
        general: context.data ? undefined : 'Failed to share CV',
      }));
      return;
    }
    send.mutate(
      {
        curriculumVitaeID: shared?._id ?? context.data.cvId,
        subject,
        message,
        recipients: list,
        assignedPhotoUrl: context.data.photoUrl,
        CVTemplate: shared?.template ?? context.data.template,
        expiresInDays,
      },
      {
        onSuccess: () => setStep('sent'),
        onError: (err) => {
          const fieldErrors = err instanceof ApiError ? err.fieldErrors : {};
          setErrors(
            Object.keys(fieldErrors).length
              ? (fieldErrors as Errors)
              : { general: SHARE_MESSAGES.shareFailed },
          );
        },
      },
    );
  };

  const errorList = Object.values(errors).filter(Boolean);
  const shared =
    versions?.find((v) => v._id === versionId) ?? versions?.find((v) => v.isDefault) ?? null;
  const photo = context.data?.photoUrl ?? null;

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <Link to="/app/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Share CV</h1>
      {typeof step === 'number' && (
        <ol aria-label="Progress" className="mt-4 flex gap-2 text-sm">
          {([1, 2, 3] as const).map((n) => (
            <li
              key={n}
              aria-current={step === n ? 'step' : undefined}
              className={
                step === n
                  ? 'rounded-full bg-brand-600 px-3 py-1 font-semibold text-white'
                  : 'rounded-full bg-slate-200 px-3 py-1 text-slate-700'
              }
            >
              {n}. {STEP_TITLES[n]}
            </li>
          ))}
        </ol>
      )}

      {errorList.length > 0 && (
        <Banner tone="error" className="mt-4">
          <ul className="list-inside list-disc">
            {errorList.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Banner>
      )}

      <Card className="mt-4 p-5 sm:p-6">
        {step === 'sent' ? (
          <div role="status" className="py-6 text-center">
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-emerald-800">
              {SHARE_MESSAGES.sent}
            </h2>
            <p className="mt-2 text-sm text-slate-600">Taking you to your dashboard...</p>
            <Link
              to="/app/my-shares"
              className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline"
            >
              See my shares
            </Link>
          </div>
        ) : step === 'preview' ? (
          <section aria-labelledby="share-preview">
            <h2 id="share-preview" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
              Preview
            </h2>
            <div className="mt-4 flex items-center gap-4">
              {photo ? (
                <img
                  src={photo}
                  alt="Your profile photo"
                  className="size-16 rounded-full object-cover"
                />
              ) : (
                <div className="flex size-16 items-center justify-center rounded-full bg-slate-200 text-xs text-slate-600">
                  No photo
                </div>
              )}
              <dl className="text-sm">
                {shared && versions && versions.length > 1 && (
                  <>
                    <dt className="font-medium text-slate-600">CV</dt>
                    <dd className="mb-1 font-semibold text-slate-900">{shared.name}</dd>
                  </>
                )}
                <dt className="font-medium text-slate-600">Subject</dt>
                <dd className="font-semibold text-slate-900">{subject}</dd>
              </dl>
            </div>
            <h3 className="mt-5 text-sm font-medium text-slate-600">Message</h3>
            <p className="mt-1 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-900">
              {message}
            </p>
            <h3 className="mt-5 text-sm font-medium text-slate-600">Recipients</h3>
            <ul className="mt-1 space-y-1 text-sm text-slate-900">
              {recipients.map((r) => (
                <li key={r.key}>{r.email}</li>
              ))}
            </ul>
            <h3 className="mt-5 text-sm font-medium text-slate-600">Link expires</h3>
            <p className="mt-1 text-sm text-slate-900">{expiryLabel(expiresInDays)}</p>
            <div className="mt-6 flex justify-between gap-2">
              <Button variant="secondary" onClick={() => setStep(3)}>
                Edit
              </Button>
              <Button onClick={submit} loading={send.isPending}>
                Send CV
              </Button>
            </div>
          </section>
        ) : (
          <form onSubmit={next} noValidate>
            <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold">
              Step {step}: {STEP_TITLES[step]}
            </h2>
            {step === 1 && versions && versions.length > 1 && shared && (
              <div className="mb-4">
                <SelectField
                  label="CV to share"
                  value={shared._id}
                  onChange={(e) => setVersionId(e.target.value)}
                  hint="The recipient sees this CV, with the changes you make to it later."
                >
                  {versions.map((v) => (
                    <option key={v._id} value={v._id}>
                      {v.isDefault ? `${v.name} (default)` : v.name}
                    </option>
                  ))}
                </SelectField>
              </div>
            )}
            {step === 1 && (
              <TextField
                label="Subject"
                value={subject}
                maxLength={SHARE_SUBJECT_MAX}
                error={errors.subject}
                aside={<Counter value={subject.length} max={SHARE_SUBJECT_MAX} />}
                onChange={(e) => {
                  setSubject(e.target.value);
                  clearError('subject');
                }}
              />
            )}
            {step === 2 && (
              <TextAreaField
                label="Message"
                value={message}
                rows={12}
                maxLength={SHARE_MESSAGE_MAX}
                error={errors.message}
                aside={<Counter value={message.length} max={SHARE_MESSAGE_MAX} />}
                onChange={(e) => {
                  setMessage(e.target.value);
                  clearError('message');
                }}
              />
            )}
            {step === 3 && (
              <RecipientsStep
                email={email}
                recipients={recipients}
                error={errors.email}
                onEmail={(v) => {
                  setEmail(v);
                  clearError('email');
                  clearError('recipients');
                }}
                onAdd={addEmail}
                onRemove={(key) => setRecipients((list) => list.filter((r) => r.key !== key))}
              />
            )}
            {step === 3 && <ExpiryChoice value={expiresInDays} onChange={setExpiresInDays} />}
            <div className="mt-6 flex justify-between gap-2">
              {step > 1 ? (
                <Button variant="secondary" onClick={() => setStep(step === 3 ? 2 : 1)}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit">{step === 3 ? 'Preview' : 'Next'}</Button>
            </div>
          </form>
        )}
      </Card>
    </div>
  );
}

const EXPIRY_OPTIONS: ShareExpiryDays[] = [...SHARE_EXPIRY_DAYS, null];
const expiryLabel = (days: ShareExpiryDays) => (days === null ? 'Never' : `In ${days} days`);

/** How long the link and pin work: 7, 30 (default) or 90 days, or never. */
function ExpiryChoice(props: {
  value: ShareExpiryDays;
  onChange: (days: ShareExpiryDays) => void;
}) {
  return (
    <fieldset className="mt-5">
      <legend className="text-sm font-medium text-slate-700">Link expires</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {EXPIRY_OPTIONS.map((days) => (
          <label
            key={String(days)}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name="share-expiry"
              checked={props.value === days}
              onChange={() => props.onChange(days)}
              className="accent-brand-600"
            />
            {days === null ? 'Never' : `${days} days`}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Counter({ value, max }: { value: number; max: number }) {
  return (
    <span className={value > max ? 'text-xs text-red-700' : 'text-xs text-slate-600'}>
      {value}/{max}
    </span>
  );
}

function RecipientsStep(props: {
  email: string;
  recipients: Recipient[];
  error?: string;
  onEmail: (v: string) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      props.onAdd();
    }
  };
  return (
    <div>
      <div className="flex items-end gap-2">
        <TextField
          label="Recipient email"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={props.email}
          error={props.error}
          fieldClassName="flex-1"
          onChange={(e) => props.onEmail(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={props.onAdd} className="mb-0.5 h-11">
          Add
        </Button>
      </div>
      {props.recipients.length > 0 && (
        <ul aria-label="Recipients" className="mt-4 space-y-2">
          {props.recipients.map((r) => (
            <li
              key={r.key}
              className="flex items-center justify-between rounded-lg border border-slate-200 px-3 py-2 text-sm"
            >
              <span className="truncate">{r.email}</span>
              <button
                type="button"
                onClick={() => props.onRemove(r.key)}
                aria-label={`Remove ${r.email}`}
                className="rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-red-700"
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
