import { useState } from 'react';
import type { CvCertificate } from '@vitae/core/cv';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import {
  certificateDetailsText,
  certificateHref,
  hasCertificateFile,
} from '@vitae/core/certificate-text';

const isPdf = (c: CvCertificate) => Boolean(c.pdfUrl);
const urlOf = (c: CvCertificate) => c.pdfUrl || c.photoUrl;

/**
 * Certificates of {name}: each with its issuer and date, its link, and for one with a file its
 * type, View (in-page viewer) and Download (issue 32: a certificate may have no file).
 */
export function CertificatesModal(props: {
  open: boolean;
  onClose: () => void;
  name: string;
  certificates: CvCertificate[];
}) {
  const [viewing, setViewing] = useState<CvCertificate | null>(null);
  const close = () => {
    setViewing(null);
    props.onClose();
  };
  return (
    <Dialog
      open={props.open}
      onClose={close}
      title={viewing ? viewing.title || 'Certificate' : `Certificates of ${props.name}`}
      size="lg"
    >
      {viewing ? (
        <div className="space-y-3">
          {isPdf(viewing) ? (
            <iframe
              src={urlOf(viewing)}
              title={viewing.title || 'Certificate'}
              className="h-[65vh] w-full rounded border border-slate-200"
            />
          ) : (
            <img
              src={urlOf(viewing)}
              alt={viewing.title || 'Certificate'}
              className="mx-auto max-h-[65vh] rounded"
            />
          )}
          <div className="flex justify-between gap-2">
            <Button variant="secondary" onClick={() => setViewing(null)}>
              Back
            </Button>
            <a href={urlOf(viewing)} download className={buttonClass('primary')}>
              Download
            </a>
          </div>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200">
          {props.certificates.map((c) => {
            const details = certificateDetailsText(c);
            const link = certificateHref(c.url);
            const file = hasCertificateFile(c);
            return (
              <li key={c._id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="mr-auto min-w-0">
                  <p className="font-semibold break-words text-slate-900">
                    {c.title || 'Certificate'}
                  </p>
                  {details && <p className="text-sm text-slate-700">{details}</p>}
                  {link && (
                    <a
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="block max-w-full truncate text-sm text-brand-700 underline"
                    >
                      {link}
                    </a>
                  )}
                  {file && (
                    <p className="text-xs text-slate-600">{isPdf(c) ? 'PDF Document' : 'Image'}</p>
                  )}
                </div>
                {file && (
                  <>
                    <Button size="sm" variant="secondary" onClick={() => setViewing(c)}>
                      View
                    </Button>
                    <a
                      href={urlOf(c)}
                      download
                      className={buttonClass('secondary', 'sm')}
                      aria-label={`Download ${c.title || 'certificate'}`}
                    >
                      Download
                    </a>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
