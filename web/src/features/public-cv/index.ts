// The public CV feature's front door: other features import from here only.
export { ContactRequestActions } from './contact-requests.tsx';
export { CvVisibilityCard } from './cv-visibility-card.tsx';
export { PublicCvListBanner } from './live-banners.tsx';
