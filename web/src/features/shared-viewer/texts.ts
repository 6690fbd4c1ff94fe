/**
 * The viewer's texts and constants. They mirror `@vitae/core/share` (a test checks they
 * agree) but are kept here because that module brings zod, and this public page must stay
 * within its 100 KiB budget.
 */
export const VIEWER_TEXTS = {
  cvNotFoundTitle: 'CV Not Found',
  cvNotFound: 'The shared CV could not be found or may have been removed.',
  pinRequired: 'Please enter a view pin',
  notLoaded: 'CV information not loaded yet',
  pinInvalid: 'Invalid view pin. Please check and try again.',
} as const;

export const VIEW_PIN_LENGTH = 6;
export const VIEW_PIN_CHECK_DELAY_MS = 500;
export const PRINT_DELAY_MS = 100;
