// The CV downloads' front door (PDF, Word, plain text): other features import from here only.
export { CvFileDownloads } from './cv-file-downloads.tsx';
export { DownloadPdfDialog } from './download-pdf-dialog.tsx';
