import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import {
  commitDelete,
  commitDeleteOnUnload,
  useSectionList,
  useSectionMutations,
  type Entry,
} from './api.ts';
import {
  CLOSE_FORM_MS,
  ConfirmEntryDelete,
  LastUpdated,
  Messages,
  SectionLoading,
  useFlash,
} from './editor-parts.tsx';
import { confirmLeave, useLeaveGuard } from './leave-guard.tsx';
import { usePreviewDraft } from './draft.ts';
import type { SectionUi } from './section-ui.ts';
import { UndoToast, useDeferredDelete } from './undo-delete.tsx';
import { InThisCv } from './in-this-cv.tsx';
import { SortableEntries, type SortableItemProps } from './sortable-entries.tsx';
import { saveErrorOf, useSectionForm } from './use-section-form.ts';

type Mode = { kind: 'hidden' } | { kind: 'adding' } | { kind: 'editing'; id: string };
const HIDDEN: Mode = { kind: 'hidden' };

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The one editor of every list section (docs/product/builder.md#common-behaviour): the form shows
 * directly on an empty list, else behind Add; Edit pre-fills; Cancel hides and clears; Delete asks
 * inline; success banners last 3 s. Ours (issue 17, docs/api-deviations.md): a confirmed delete
 * hides the entry and offers Undo for a few seconds before the server is told; leaving with unsaved
 * changes in the form asks first.
 */
export function ListEditor({ ui }: { ui: SectionUi }) {
  const list = useSectionList(ui.key);
  const { create, update } = useSectionMutations(ui.key);
  const qc = useQueryClient();
  const { form, formRef, empty, onInvalid, showServerErrors, loadStored } = useSectionForm(ui);
  const [mode, setMode] = useState<Mode>(HIDDEN);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [success, flash] = useFlash();
  const [error, setError] = useState<string | null>(null);
  /** True between a save and the form closing: a second submit would add twice. */
  const [closing, setClosing] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const rootRef = useRef<HTMLDivElement>(null);
  const deleteFailed = ui.deleteError ?? `Failed to delete ${ui.noun}. Please try again.`;
  const deferred = useDeferredDelete(
    (id) => void commitDelete(qc, ui.key, id).catch(() => setError(deleteFailed)),
    (id) => commitDeleteOnUnload(qc, ui.key, id),
  );
  const entries = ((list.data ?? []) as Entry[]).filter((e) => e._id !== deferred.pendingId);
  const formOpen = mode.kind !== 'hidden' || entries.length === 0;
  const { isDirty, isSubmitting } = form.formState;
  const leaveDialog = useLeaveGuard(formOpen && isDirty && !closing && !isSubmitting);
  const previewTarget = mode.kind === 'editing' ? mode.id : 'new';
  usePreviewDraft(ui, form, formOpen && !closing && !list.isPending ? previewTarget : null);

  if (list.isPending) return <SectionLoading />;
  const editingId = mode.kind === 'editing' ? mode.id : null;
  const Noun = capital(ui.noun);
  const nameOf = (entry: Entry) => ui.entryName?.(entry) ?? ui.noun;

  const closeForm = () => {
    clearTimeout(closeTimer.current);
    setClosing(false);
    setMode(HIDDEN);
    form.reset(empty);
  };

  const openAdd = () => {
    closeForm();
    setError(null);
    setMode({ kind: 'adding' });
  };

  const openEdit = (entry: Entry) => confirmLeave(() => startEdit(entry));
  const startEdit = (entry: Entry) => {
    clearTimeout(closeTimer.current);
    setClosing(false);
    setError(null);
    setConfirming(null);
    loadStored(entry as unknown as Record<string, unknown>);
    setMode({ kind: 'editing', id: entry._id });
    setTimeout(() => formRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }), 0);
  };

  const onSubmit = async (payload: FieldValues) => {
    setError(null);
    const wasEmpty = entries.length === 0;
    try {
      if (editingId) await update.mutateAsync({ id: editingId, body: payload });
      else await create.mutateAsync(ui.createBody ? ui.createBody(payload, entries) : payload);
    } catch (e) {
      const onFields = showServerErrors(e);
      // A field message says it already, unless the section has its own fixed message.
      if (!onFields || ui.saveError) setError(saveErrorOf(ui, e));
      return;
    }
    flash(editingId ? `${Noun} updated successfully!` : `${Noun} added successfully!`);
    if (wasEmpty) closeForm();
    else {
      // Leave the saved values on screen for a moment so the save is seen, then close.
      setClosing(true);
      closeTimer.current = setTimeout(closeForm, CLOSE_FORM_MS);
    }
  };

  const onDelete = (id: string) => {
    setError(null);
    setConfirming(null);
    if (editingId === id) closeForm();
    deferred.schedule(id);
    // The pressed button goes with the entry: keep focus in the editor, one Tab before Undo.
    rootRef.current?.focus({ preventScroll: true });
  };

  const busy = form.formState.isSubmitting;
  const Fields = ui.Fields;
  return (
    <div ref={rootRef} tabIndex={-1} className="space-y-5 outline-none">
      {deferred.pendingId && (
        <UndoToast
          key={deferred.pendingId}
          message={`${Noun} deleted successfully!`}
          onUndo={deferred.undo}
          onExpire={deferred.flush}
        />
      )}
      {leaveDialog}
      <Messages success={success} error={error} onCloseError={() => setError(null)} />

      {entries.length > 0 && (
        <SortableEntries
          sectionKey={ui.key}
          label={`Your ${ui.noun} entries`}
          entries={entries}
          nameOf={nameOf}
          lockedId={editingId}
          onError={setError}
        >
          {(entry, { item, handle }) => (
            <EntryItem
              key={entry._id}
              ui={ui}
              entry={entry}
              item={item}
              handle={handle}
              editing={editingId === entry._id}
              confirming={confirming === entry._id}
              onEdit={() => openEdit(entry)}
              onAskDelete={() => setConfirming(entry._id)}
              onCancelDelete={() => setConfirming(null)}
              onDelete={() => onDelete(entry._id)}
            />
          )}
        </SortableEntries>
      )}

      {formOpen ? (
        <Card className="p-4 sm:p-6">
          <form
            ref={formRef}
            noValidate
            onSubmit={form.handleSubmit(onSubmit, onInvalid)}
            className="space-y-4"
          >
            <h3 className="text-base font-semibold text-slate-900">
              {editingId ? `Edit ${ui.noun}` : `Add ${ui.noun}`}
            </h3>
            <Fields form={form} />
            <div className="flex flex-wrap gap-2 pt-2">
              <Button type="submit" loading={busy} disabled={closing}>
                {busy ? (editingId ? 'Updating...' : 'Adding...') : editingId ? 'Update' : 'Add'}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  closeForm();
                  setError(null);
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        </Card>
      ) : (
        <Button variant="secondary" onClick={openAdd}>
          <span aria-hidden="true">+</span> Add {ui.noun}
        </Button>
      )}
    </div>
  );
}

function EntryItem({
  ui,
  entry,
  item,
  handle,
  editing,
  confirming,
  onEdit,
  onAskDelete,
  onCancelDelete,
  onDelete,
}: {
  ui: SectionUi;
  entry: Entry;
  /** The list item's sortable props and drag handle (issue 17). */
  item: SortableItemProps;
  handle: ReactNode;
  editing: boolean;
  confirming: boolean;
  onEdit: () => void;
  onAskDelete: () => void;
  onCancelDelete: () => void;
  onDelete: () => void;
}) {
  const Summary = ui.Summary;
  const name = ui.entryName?.(entry) ?? ui.noun;
  return (
    <li {...item}>
      <Card
        data-entry={entry._id}
        className={cn('p-4', editing && 'border-brand-500 ring-2 ring-brand-600/20')}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          {handle}
          <div className={cn('min-w-0 flex-1 space-y-1 break-words', handle && 'pr-8 sm:pr-0')}>
            {Summary ? <Summary entry={entry} /> : <p className="font-medium">{name}</p>}
            <LastUpdated value={entry.lastUpdate} />
            <InThisCv section={ui.key} entryId={entry._id} entryName={name} />
          </div>
          {!confirming && (
            <div className="flex shrink-0 gap-2">
              <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
                Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700! hover:bg-red-50 hover:text-red-800!"
                onClick={onAskDelete}
                aria-label={`Delete ${name}`}
              >
                Delete
              </Button>
            </div>
          )}
        </div>
        {confirming && <ConfirmEntryDelete onDelete={onDelete} onCancel={onCancelDelete} />}
      </Card>
    </li>
  );
}
