import { useEffect, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useSectionList, useSectionMutations } from './api.ts';
import { LastUpdated, Messages, SectionLoading, useFlash } from './editor-parts.tsx';
import { useLeaveGuard } from './leave-guard.tsx';
import { usePreviewDraft } from './draft.ts';
import type { SectionUi } from './section-ui.ts';
import { formValuesOf, saveErrorOf, useSectionForm } from './use-section-form.ts';

/**
 * The one editor of the single-record sections (personal info, contact info, personal
 * summary): the form is pre-filled with the stored record; Save creates or edits it.
 */
export function SingleEditor({ ui }: { ui: SectionUi }) {
  const list = useSectionList(ui.key);
  const { create, update } = useSectionMutations(ui.key);
  const { form, formRef, onInvalid, showServerErrors, loadStored } = useSectionForm(ui);
  const [success, flash] = useFlash();
  const [error, setError] = useState<string | null>(null);
  const record = list.data?.[0];

  // Pre-fill once the record arrives and after each save (the answer is the stored record).
  const version = record ? `${record._id}:${record.lastUpdate}` : '';
  useEffect(() => {
    if (version) loadStored(record as unknown as Record<string, unknown>);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` stands for the record
  }, [version]);

  const { isDirty, isSubmitting } = form.formState;
  const leaveDialog = useLeaveGuard(isDirty && !isSubmitting);
  usePreviewDraft(ui, form, list.isPending ? null : (record?._id ?? 'new'));

  if (list.isPending) return <SectionLoading />;

  const onSubmit = async (payload: FieldValues) => {
    setError(null);
    try {
      if (record) await update.mutateAsync({ id: record._id, body: payload });
      else await create.mutateAsync(payload);
    } catch (e) {
      const onFields = showServerErrors(e);
      if (!onFields || ui.saveError) setError(saveErrorOf(ui, e));
      return;
    }
    flash(ui.savedMessage ?? 'Saved successfully!');
  };

  const onCancel = () => {
    setError(null);
    form.reset(formValuesOf(ui, record as unknown as Record<string, unknown> | undefined));
  };

  const busy = form.formState.isSubmitting;
  const Fields = ui.Fields;
  return (
    <div className="space-y-5">
      {leaveDialog}
      <Messages success={success} error={error} onCloseError={() => setError(null)} />
      <Card className="p-4 sm:p-6">
        <form
          ref={formRef}
          noValidate
          onSubmit={form.handleSubmit(onSubmit, onInvalid)}
          className="space-y-4"
        >
          {record && <LastUpdated value={record.lastUpdate} />}
          <Fields form={form} />
          <div className="flex flex-wrap gap-2 pt-2">
            <Button type="submit" loading={busy}>
              {busy ? 'Saving...' : 'Save'}
            </Button>
            {ui.cancelTo ? (
              <ButtonLink to={ui.cancelTo} variant="secondary" data-discards-changes="">
                Cancel
              </ButtonLink>
            ) : (
              <Button variant="secondary" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      </Card>
    </div>
  );
}
