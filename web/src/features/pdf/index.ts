// The PDF download's front door: other features import from here only.
export { DownloadPdfDialog } from './download-pdf-dialog.tsx';
