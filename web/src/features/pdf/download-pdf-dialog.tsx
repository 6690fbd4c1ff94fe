import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import {
  downloadPdf,
  PdfUnavailableError,
  rememberedPaper,
  rememberPaper,
  type Paper,
  type PdfLayout,
} from './download-pdf.ts';

interface DownloadPdfDialogProps {
  open: boolean;
  onClose: () => void;
  /** The PDF call for this screen's CV, without the query. */
  path: string;
  /** The template the screen shows; the server's choice when absent. */
  template?: string;
  /** The owner's CV version the screen shows (issue 30); the default when absent. */
  version?: string | null;
  /** No PDF on this server: print this layout with the browser's dialog instead. */
  onPrintInstead: (layout: PdfLayout) => void;
  /** The CV's own paper size (issue 17), chosen over the one last used on this device. */
  defaultPaper?: Paper;
  /** The owner's screen stores a paper chosen here as the CV's own (the preview follows it). */
  onPaperChange?: (paper: Paper) => void;
}

const PAPERS: Array<{ value: Paper; label: string }> = [
  { value: 'a4', label: 'A4' },
  { value: 'letter', label: 'US Letter' },
];

/** Download PDF: the paper size (remembered), then the template or the ink-friendly layout. */
export function DownloadPdfDialog({
  open,
  onClose,
  path,
  template,
  version,
  onPrintInstead,
  defaultPaper,
  onPaperChange,
}: DownloadPdfDialogProps) {
  const [paper, setPaper] = useState<Paper>(() => defaultPaper ?? rememberedPaper());
  // Each opening starts from the CV's own paper: the screen mounts the dialog before its CV
  // (or the version switched to) has loaded, so the paper it mounted with may be stale.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setPaper(defaultPaper ?? rememberedPaper());
  }
  const [busy, setBusy] = useState<PdfLayout | null>(null);
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();

  const choosePaper = (value: Paper) => {
    setPaper(value);
    rememberPaper(value);
    onPaperChange?.(value);
  };

  const download = async (layout: PdfLayout) => {
    setBusy(layout);
    setError(null);
    try {
      await downloadPdf(path, {
        paper,
        template: layout === 'ink' ? 'ink-friendly' : template,
        version,
      });
      onClose();
    } catch (e) {
      if (e instanceof PdfUnavailableError) {
        onClose();
        onPrintInstead(layout);
      } else {
        setError(e instanceof Error ? e.message : 'The PDF could not be made. Please try again.');
      }
    } finally {
      setBusy(null);
    }
  };

  const close = () => {
    if (!busy) {
      setError(null);
      onClose();
    }
  };

  return (
    <Dialog open={open} onClose={close} title="Download PDF" size="sm">
      <div className="grid gap-4">
        <fieldset>
          <legend id={legendId} className="mb-2 text-sm font-medium text-slate-700">
            Paper size
          </legend>
          <div className="flex gap-4">
            {PAPERS.map((p) => (
              <label key={p.value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${legendId}-paper`}
                  value={p.value}
                  checked={paper === p.value}
                  onChange={() => choosePaper(p.value)}
                  disabled={busy !== null}
                  className="size-4 accent-brand-600"
                />
                {p.label}
              </label>
            ))}
          </div>
        </fieldset>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="grid gap-3">
          <Button
            variant="secondary"
            onClick={() => void download('ink')}
            loading={busy === 'ink'}
            disabled={busy !== null}
            className="h-auto! justify-start py-2 text-left whitespace-normal!"
          >
            <span>
              <span className="block font-semibold">
                {busy === 'ink' ? 'Making your PDF...' : 'Ink Friendly PDF'}
              </span>
              <span className="block text-xs font-normal text-slate-500">
                Black and white, proficiency shown as numbers like 4/5
              </span>
            </span>
          </Button>
          <Button
            onClick={() => void download('template')}
            loading={busy === 'template'}
            disabled={busy !== null}
            className="h-auto! justify-start py-2 text-left whitespace-normal!"
          >
            <span>
              <span className="block font-semibold">
                {busy === 'template' ? 'Making your PDF...' : 'PDF as Template'}
              </span>
              <span className="block text-xs font-normal opacity-80">
                With the template's colours and layout
              </span>
            </span>
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
