import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { DropZone } from '../../components/ui/drop-zone.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { uploadImport, type ImportMode, type ImportResult } from './api.ts';
import { ImportPreview } from './import-preview.tsx';

type Step =
  | { name: 'pick' }
  | { name: 'preview'; file: File; result: ImportResult }
  | { name: 'done'; result: ImportResult };

const total = (r: ImportResult) => r.sections.reduce((n, s) => n + s.count, 0);

/**
 * Import a CV (PDF or Word), a JSON Resume or a LinkedIn data export: pick the file, see per section what
 * would be added (and what would not, with the reason), choose Add or Replace, import.
 */
export default function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'pick' });
  const [mode, setMode] = useState<ImportMode>('add');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const run = async (file: File, nextMode: ImportMode, dryRun: boolean) => {
    setBusy(true);
    setError('');
    try {
      const result = await uploadImport(file, nextMode, dryRun);
      setStep(dryRun ? { name: 'preview', file, result } : { name: 'done', result });
      // Every section list and status may have changed: the dashboard refetches them.
      if (!dryRun) await client.invalidateQueries();
    } catch (e) {
      setError(errorMessage(e, 'The import failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setStep({ name: 'pick' });
    setError('');
    onClose();
  };

  const changeMode = (next: ImportMode) => {
    setMode(next);
    // The caps and duplicates are judged differently: preview again.
    if (step.name === 'preview') void run(step.file, next, true);
  };

  const footer =
    step.name === 'preview' ? (
      <>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button
          loading={busy}
          disabled={total(step.result) === 0}
          onClick={() => void run(step.file, mode, false)}
        >
          Import
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
          onFile={(file) => file && void run(file, mode, true)}
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
        <ImportPreview result={step.result} mode={mode} onMode={changeMode} busy={busy} />
      )}
      {step.name === 'done' && (
        <Banner tone="success" title="Import complete">
          {total(step.result)} {total(step.result) === 1 ? 'entry was' : 'entries were'} added to
          your CV.
        </Banner>
      )}
    </Dialog>
  );
}
