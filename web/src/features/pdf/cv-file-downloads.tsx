import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { API_BASE } from '../../lib/api.ts';
import { fileNameOf, save } from './save-file.ts';

export type CvFileFormat = 'docx' | 'txt';

const FORMATS: Array<{ format: CvFileFormat; label: string; making: string }> = [
  { format: 'docx', label: 'Word (.docx)', making: 'Making your Word file...' },
  { format: 'txt', label: 'Plain text (.txt)', making: 'Making your text file...' },
];

/**
 * Fetches the owner's CV as a Word or plain-text file (issue 35) and saves it under the name
 * the server gives (the PDF's, with its own extension). Throws an Error with the server's
 * message when it refuses.
 */
export async function downloadCvFile(
  format: CvFileFormat,
  photo = false,
  version?: string | null,
): Promise<void> {
  const params = new URLSearchParams();
  if (format === 'docx' && photo) params.set('photo', '1');
  // The owner's CV version on screen (issue 30); the default without one.
  if (version) params.set('version', version);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/api/curriculum-vitae/${format}${query}`, {
      credentials: 'include',
    });
  } catch {
    throw new Error('Network error. Please try again.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error ?? `The file could not be made (${res.status}).`);
  }
  save(await res.blob(), fileNameOf(res, `CV.${format}`));
}

interface CvFileDownloadsProps {
  /** The CV has a photo: offer it in the Word file (left out unless asked for). */
  hasPhoto: boolean;
  /** A download failed (its message), or a new one started (null). */
  onError: (message: string | null) => void;
  /** The CV version on screen (issue 30); the default when absent. */
  version?: string | null;
}

/** "Word (.docx)" and "Plain text (.txt)" beside Download PDF on View CV. */
export function CvFileDownloads({ hasPhoto, onError, version }: CvFileDownloadsProps) {
  const [busy, setBusy] = useState<CvFileFormat | null>(null);
  const [photo, setPhoto] = useState(false);

  const download = async (format: CvFileFormat) => {
    setBusy(format);
    onError(null);
    try {
      await downloadCvFile(format, hasPhoto && photo, version);
    } catch (e) {
      onError(e instanceof Error ? e.message : 'The file could not be made. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {FORMATS.map(({ format, label, making }) => (
        <Button
          key={format}
          size="sm"
          variant="secondary"
          onClick={() => void download(format)}
          loading={busy === format}
          disabled={busy !== null}
        >
          <span className="sr-only">Download</span> {busy === format ? making : label}
        </Button>
      ))}
      {hasPhoto && (
        <label className="flex items-center gap-1.5 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={photo}
            onChange={(e) => setPhoto(e.target.checked)}
            disabled={busy !== null}
            className="size-4 accent-brand-600"
          />
          Photo in Word file
        </label>
      )}
    </>
  );
}
