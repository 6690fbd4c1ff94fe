import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CUSTOM_SECTION_KINDS,
  CUSTOM_SECTION_KIND_LABELS,
  MAX_CUSTOM_ENTRIES,
  MAX_CUSTOM_SECTIONS,
  customEntryDefaults,
  customEntryLimits,
  customEntrySchema,
  type CustomSectionKind,
} from '@vitae/core/custom-sections';
import { SECTION_TITLE_MAX } from '@vitae/core/cv';
import { formatMonthYear } from '@vitae/core/dates';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { SortableList } from '../../components/ui/sortable-list.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import {
  ConfirmEntryDelete,
  InThisCv,
  Rich,
  Row,
  Text,
  type SectionForm,
} from '../sections/index.ts';
import {
  useCustomSectionMutations,
  useCustomSections,
  type CustomEntryOut,
  type CustomSectionMutations,
  type CustomSectionOut,
  type EntryInput,
} from './api.ts';

/*
 * The builder's My sections tab (issue 30): the user's own sections ("Volunteering", "Awards"),
 * each with a title, a kind and entries edited like employment history's. The Layout tab
 * orders and hides them with the other sections.
 */

const FAILED = 'Something went wrong. Please try again.';

export default function CustomSectionsScreen() {
  const query = useCustomSections();
  const mutations = useCustomSectionMutations();

  if (query.isPending) {
    return <p className="p-8 text-center text-sm text-slate-500">Loading your sections...</p>;
  }
  if (query.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
        {errorMessage(query.error, 'We could not load your sections.')}
      </p>
    );
  }
  const sections = query.data;
  return (
    <div className="space-y-5">
      {sections.length === 0 && (
        <Card className="p-5 text-sm text-slate-700">
          You have no sections of your own yet. Add one for volunteering, awards, publications,
          projects or anything else your CV should show.
        </Card>
      )}
      {sections.map((section) => (
        <SectionCard key={section._id} section={section} mutations={mutations} />
      ))}
      {sections.length < MAX_CUSTOM_SECTIONS ? (
        <NewSection mutations={mutations} />
      ) : (
        <p className="text-sm text-slate-600">
          You have {MAX_CUSTOM_SECTIONS} sections of your own, the most you can add.
        </p>
      )}
    </div>
  );
}

/** A title field and a kind picker, for a new section or a rename. */
function SectionFields({
  title,
  kind,
  onTitle,
  onKind,
  errors,
}: {
  title: string;
  kind: CustomSectionKind;
  onTitle: (v: string) => void;
  onKind: (v: CustomSectionKind) => void;
  errors: Record<string, string>;
}) {
  return (
    <Row>
      <TextField
        label="Section title"
        value={title}
        maxLength={SECTION_TITLE_MAX}
        autoComplete="off"
        onChange={(e) => onTitle(e.target.value)}
        error={errors.title}
        aria-required
      />
      <SelectField
        label="It holds"
        value={kind}
        onChange={(e) => onKind(e.target.value as CustomSectionKind)}
        error={errors.kind}
      >
        {CUSTOM_SECTION_KINDS.map((k) => (
          <option key={k} value={k}>
            {CUSTOM_SECTION_KIND_LABELS[k]}
          </option>
        ))}
      </SelectField>
    </Row>
  );
}

const errorsOf = (e: unknown): Record<string, string> =>
  e instanceof ApiError && Object.keys(e.fieldErrors).length ? e.fieldErrors : {};

function NewSection({ mutations }: { mutations: CustomSectionMutations }) {
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<CustomSectionKind>('volunteer');
  const { addSection } = mutations;
  const errors = errorsOf(addSection.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    addSection.mutate(
      { title, kind },
      {
        onSuccess: () => {
          setTitle('');
          setKind('volunteer');
        },
      },
    );
  };
  return (
    <Card className="p-4">
      <form onSubmit={submit} className="space-y-3" aria-label="Add a section">
        <h2 className="text-base font-semibold text-slate-900">Add a section</h2>
        <SectionFields
          title={title}
          kind={kind}
          onTitle={setTitle}
          onKind={(k) => {
            setKind(k);
            // A new section takes its kind's name until the user types one.
            if (!title || title === CUSTOM_SECTION_KIND_LABELS[kind]) {
              setTitle(k === 'other' ? '' : CUSTOM_SECTION_KIND_LABELS[k]);
            }
          }}
          errors={errors}
        />
        {addSection.isError && !errors.title && !errors.kind && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(addSection.error, FAILED)}
          </p>
        )}
        <Button type="submit" disabled={addSection.isPending}>
          {addSection.isPending ? 'Adding...' : 'Add section'}
        </Button>
      </form>
    </Card>
  );
}

function SectionCard({
  section,
  mutations,
}: {
  section: CustomSectionOut;
  mutations: CustomSectionMutations;
}) {
  const [renaming, setRenaming] = useState(false);
  const [asking, setAsking] = useState(false);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { removeSection, reorderEntries, removeEntry } = mutations;
  const n = section.entries.length;

  return (
    <Card className="p-4" aria-label={section.title} role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words text-slate-900">{section.title}</h2>
          <p className="text-xs text-slate-600">
            {CUSTOM_SECTION_KIND_LABELS[section.kind]} · {n} {n === 1 ? 'entry' : 'entries'}
          </p>
        </div>
        {!renaming && (
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => setRenaming(true)}>
              Rename
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700! hover:bg-red-50 hover:text-red-800!"
              onClick={() => setAsking(true)}
              aria-label={`Delete the section ${section.title}`}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
      {renaming && (
        <RenameForm section={section} mutations={mutations} onDone={() => setRenaming(false)} />
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="mt-4 space-y-3">
        {n === 0 && editing !== 'new' && <p className="text-sm text-slate-600">No entries yet.</p>}
        {n > 0 && (
          <SortableList
            ids={section.entries.map((e) => e._id)}
            nameOf={(id) => section.entries.find((e) => e._id === id)?.title ?? 'entry'}
            onMove={(ids) =>
              reorderEntries.mutate(
                { id: section._id, ids },
                { onError: () => setError('The new order could not be saved. Please try again.') },
              )
            }
            label={`Entries of ${section.title}`}
            className="space-y-3"
            lockedId={editing === 'new' ? null : editing}
            lockedTitle="Close the form to move this entry"
            handleClassName="absolute top-2 right-2 sm:static sm:-my-1 sm:-ml-2"
          >
            {(id, { item, handle, lifted }) => {
              const entry = section.entries.find((e) => e._id === id)!;
              return (
                <li {...item} className={cn('relative', lifted && 'z-10 opacity-90 shadow-lg')}>
                  {editing === id ? (
                    <EntryForm
                      sectionId={section._id}
                      entry={entry}
                      mutations={mutations}
                      onDone={() => setEditing(null)}
                    />
                  ) : (
                    <EntryRow
                      entry={entry}
                      handle={n > 1 ? handle : null}
                      onEdit={() => setEditing(id)}
                      onDelete={() =>
                        removeEntry.mutate(
                          { id: section._id, entryId: id },
                          { onError: (e) => setError(errorMessage(e, FAILED)) },
                        )
                      }
                    />
                  )}
                </li>
              );
            }}
          </SortableList>
        )}
        {editing === 'new' ? (
          <EntryForm
            sectionId={section._id}
            mutations={mutations}
            onDone={() => setEditing(null)}
          />
        ) : n < MAX_CUSTOM_ENTRIES ? (
          <Button variant="secondary" onClick={() => setEditing('new')}>
            Add entry
          </Button>
        ) : (
          <p className="text-sm text-slate-600">
            This section has {MAX_CUSTOM_ENTRIES} entries, the most it can hold.
          </p>
        )}
      </div>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Delete this section?"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={removeSection.isPending}
              onClick={() =>
                removeSection.mutate(section._id, {
                  onSuccess: () => setAsking(false),
                  onError: (e) => {
                    setAsking(false);
                    setError(errorMessage(e, FAILED));
                  },
                })
              }
            >
              Yes, Delete
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          “{section.title}” and its {n} {n === 1 ? 'entry' : 'entries'} will be removed from your
          CV.
        </p>
      </Dialog>
    </Card>
  );
}

function RenameForm({
  section,
  mutations,
  onDone,
}: {
  section: CustomSectionOut;
  mutations: CustomSectionMutations;
  onDone: () => void;
}) {
  const [title, setTitle] = useState(section.title);
  const [kind, setKind] = useState(section.kind);
  const { editSection } = mutations;
  const errors = errorsOf(editSection.error);
  return (
    <form
      className="mt-3 space-y-3"
      aria-label={`Rename ${section.title}`}
      onSubmit={(e) => {
        e.preventDefault();
        editSection.mutate({ id: section._id, title, kind }, { onSuccess: onDone });
      }}
    >
      <SectionFields
        title={title}
        kind={kind}
        onTitle={setTitle}
        onKind={setKind}
        errors={errors}
      />
      {editSection.isError && !errors.title && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(editSection.error, FAILED)}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={editSection.isPending}>
          Save
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            editSection.reset();
            onDone();
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** "Feb 2018 – Nov 2022", or the one date an entry has. */
function datesOf(e: CustomEntryOut): string {
  const from = formatMonthYear(e.startDate);
  const to = formatMonthYear(e.endDate);
  return from && to ? `${from} – ${to}` : from || to;
}

function EntryRow({
  entry,
  handle,
  onEdit,
  onDelete,
}: {
  entry: CustomEntryOut;
  handle: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const meta = [entry.subtitle, entry.place, datesOf(entry)].filter(Boolean).join(' · ');
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3" data-entry={entry._id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        {handle}
        <div className={cn('min-w-0 flex-1 break-words', handle && 'pr-8 sm:pr-0')}>
          <p className="font-medium text-slate-900">{entry.title}</p>
          {meta && <p className="text-sm text-slate-600">{meta}</p>}
          <InThisCv section="custom" entryId={entry._id} entryName={entry.title} />
        </div>
        {!confirming && (
          <div className="flex shrink-0 gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={onEdit}
              aria-label={`Edit ${entry.title}`}
            >
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700! hover:bg-red-50 hover:text-red-800!"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${entry.title}`}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
      {confirming && (
        <ConfirmEntryDelete onDelete={onDelete} onCancel={() => setConfirming(false)} />
      )}
    </div>
  );
}

const max = customEntryLimits;

/** An entry's form: the fields of employment history's, checked by core's schema, then the server. */
function EntryForm({
  sectionId,
  entry,
  mutations,
  onDone,
}: {
  sectionId: string;
  entry?: CustomEntryOut;
  mutations: CustomSectionMutations;
  onDone: () => void;
}) {
  const form = useForm<FieldValues>({
    resolver: zodResolver(customEntrySchema) as never,
    defaultValues: entry ? { ...customEntryDefaults, ...entry } : customEntryDefaults,
  }) as SectionForm;
  const { addEntry, editEntry } = mutations;
  const saving = addEntry.isPending || editEntry.isPending;
  const [failed, setFailed] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    setFailed(null);
    const body = values as EntryInput;
    const done = {
      onSuccess: onDone,
      onError: (e: unknown) => {
        const fields = errorsOf(e);
        for (const [name, message] of Object.entries(fields)) form.setError(name, { message });
        if (!Object.keys(fields).length) setFailed(errorMessage(e, FAILED));
      },
    };
    if (entry) editEntry.mutate({ id: sectionId, entryId: entry._id, entry: body }, done);
    else addEntry.mutate({ id: sectionId, entry: body }, done);
  });

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label={entry ? `Edit ${entry.title}` : 'New entry'}
      className="space-y-3 rounded-lg border border-brand-500 bg-white p-4 ring-2 ring-brand-600/20"
    >
      <Row>
        <Text form={form} name="title" label="Title" required maxLength={max.title} />
        <Text
          form={form}
          name="subtitle"
          label="Subtitle"
          maxLength={max.subtitle}
          placeholder="Organisation, publisher, awarder"
        />
      </Row>
      <Text
        form={form}
        name="place"
        label="Place"
        maxLength={max.place}
        placeholder="City, country"
      />
      <Row>
        <Text form={form} name="startDate" label="Start date" type="month" />
        <Text form={form} name="endDate" label="End date" type="month" />
      </Row>
      <Rich form={form} name="description" label="Description" max={max.description} />
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {failed}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
