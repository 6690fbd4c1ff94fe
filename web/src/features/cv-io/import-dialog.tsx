import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { VERSIONS_MAX } from '@vitae/core/versions';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { DropZone } from '../../components/ui/drop-zone.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { cvVersionsKey, showVersion, useCvVersions } from '../cv/api.ts';
import { uploadImport, type ImportHow, type ImportResult } from './api.ts';
import { ImportChoice } from './import-choice.tsx';
import { hasEntries, ImportPreview, importTotals, mergeSummary } from './import-preview.tsx';

type Step =
  | { name: 'pick' }
  | { name: 'preview'; file: File; result: ImportResult }
  | { name: 'done'; result: ImportResult; how: ImportHow };

const entriesWere = (n: number) => `${n} ${n === 1 ? 'entry was' : 'entries were'}`;

/** What the done step says: where the file went and what it added. */
function DoneMessage({ result, how }: { result: ImportResult; how: ImportHow }) {
  const name = result.version?.name;
  if (how === 'new' && name) {
    return (
      <Banner tone="success" title="Import complete">
        “{name}” is in My CVs and is now the CV you are working on. {mergeSummary(result)}
      </Banner>
    );
  }
  if (how === 'version' && name) {
    return (
      <Banner tone="success" title="Import complete">
        “{name}” now has the file’s layout. {mergeSummary(result)}
      </Banner>
    );
  }
  return (
    <Banner tone="success" title="Import complete">
      {entriesWere(importTotals(result).fresh)} added to your CV.
    </Banner>
  );
}

/**
 * Import a CV (PDF or Word), a JSON Resume or a LinkedIn data export: pick the file, see per
 * section what would be added (and what would not, with the reason), choose how (a new CV,
 * the layout of one of yours, Add or Replace), import.
 */
export default function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const versionsQuery = useCvVersions();
  const versions = versionsQuery.data;
  const [step, setStep] = useState<Step>({ name: 'pick' });
  const [how, setHow] = useState<ImportHow>('add');
  const [versionId, setVersionId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  // The CV whose layout an import updates starts as the default.
  const defaultId = versions?.find((v) => v.isDefault)?._id ?? null;
  useEffect(() => {
    if (versionId === null && defaultId) setVersionId(defaultId);
  }, [defaultId, versionId]);

  const run = async (file: File, nextHow: ImportHow, dryRun: boolean, id = versionId) => {
    setBusy(true);
    setError('');
    try {
      const result = await uploadImport(file, nextHow, dryRun, id);
      if (dryRun) {
        setStep({ name: 'preview', file, result });
        return result;
      }
      // The CVs first (My CVs, the switcher): a chosen CV the list lacks would give way to
      // the default. Then the new CV is the one the CV screens show next.
      await client.refetchQueries({ queryKey: cvVersionsKey });
      if (nextHow === 'new' && result.version) await showVersion(client, result.version._id);
      setStep({ name: 'done', result, how: nextHow });
      // Every section list and status may have changed too.
      await client.invalidateQueries();
      return result;
    } catch (e) {
      setError(errorMessage(e, 'The import failed. Please try again.'));
      return null;
    } finally {
      setBusy(false);
    }
  };

  /** The first look at a file; a Vitae export (it has a layout) is offered as a new CV. */
  const preview = async (file: File) => {
    const result = await run(file, how, true);
    const list = versions ?? (await versionsQuery.refetch()).data;
    const atCap = (list?.length ?? 0) >= VERSIONS_MAX;
    if (result?.layout && how !== 'new' && !atCap) {
      setHow('new');
      await run(file, 'new', true);
    }
  };

  const close = () => {
    setStep({ name: 'pick' });
    setError('');
    onClose();
  };

  const choose = (next: ImportHow, id = versionId) => {
    setHow(next);
    // New entries and duplicates are judged differently: preview again.
    if (step.name === 'preview') void run(step.file, next, true, id);
  };

  /** Picking a CV in the select chooses "Update the layout of" it. */
  const chooseVersion = (id: string) => {
    setVersionId(id);
    choose('version', id);
  };

  const total = step.name === 'preview' ? importTotals(step.result) : null;
  const canImport =
    step.name === 'preview' &&
    hasEntries(step.result) &&
    (total!.fresh > 0 || how === 'new' || how === 'version') &&
    !(how === 'version' && !versionId);

  const footer =
    step.name === 'preview' ? (
      <>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button
          loading={busy}
          disabled={!canImport}
          onClick={() => void run(step.file, how, false)}
        >
          {how === 'new' ? 'Import as a new CV' : 'Import'}
        </Button>
      </>
    ) : step.name === 'done' ? (
      <Button onClick={close}>Done</Button>
    ) : undefined;

  return (
    <Dialog open={open} onClose={close} title="Import your CV" size="lg" footer={footer}>
      {error && (
        <Banner tone="error" className="mb-3">
          {error}
        </Banner>
      )}
      {step.name === 'pick' && (
        <DropZone
          inputId="cv-import-file"
          accept=".pdf,.docx,.json,.zip,application/pdf,application/json,application/zip"
          inputLabel="Choose a JSON Resume or LinkedIn export file, or your CV as PDF or Word"
          onFile={(file) => file && void preview(file)}
          className="px-4 py-10"
          testId="cv-import-drop"
        >
          {busy ? (
            <span className="inline-flex items-center gap-2 text-slate-600">
              <Spinner /> Reading the file...
            </span>
          ) : (
            <>
              <p className="font-semibold text-slate-900">Choose or drop a file</p>
              <p className="mt-1 text-slate-600">
                Your CV as PDF (.pdf) or Word (.docx), a JSON Resume (.json) or the LinkedIn data
                export ZIP LinkedIn emails you (up to 5 MB). You will see what is imported before
                anything changes.
              </p>
            </>
          )}
        </DropZone>
      )}
      {step.name === 'preview' && (
        <div className="space-y-3">
          {hasEntries(step.result) && (
            <ImportChoice
              how={how}
              onHow={choose}
              hasLayout={Boolean(step.result.layout)}
              versions={versions}
              versionsFailed={versionsQuery.isError}
              versionId={versionId}
              onVersion={chooseVersion}
              busy={busy}
            />
          )}
          <div aria-busy={busy} className={busy ? 'opacity-60' : undefined}>
            <ImportPreview result={step.result} mode={how === 'replace' ? 'replace' : 'add'} />
          </div>
        </div>
      )}
      {step.name === 'done' && <DoneMessage result={step.result} how={step.how} />}
    </Dialog>
  );
}
