// The shared CV viewer's front door: other features (the HR view) import from here only.
export { CertificatesModal } from './certificates-modal.tsx';
export { FirstImpressionModal } from './first-impression-modal.tsx';
export { createProgressReporter } from './video-progress.ts';
