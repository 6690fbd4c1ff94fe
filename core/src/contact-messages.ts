/*
 * What the contact-details requests say (issue 14). Apart from hr.ts and its schemas, so that
 * the dashboard's CV visibility card shows them without loading zod (decision 0008 §0014).
 */

export const CONTACT_MESSAGES = {
  modeInvalid: 'Contact details must be open or on-request',
  requestTitle: 'Contact details requested',
  requestMessage: (hrName: string) =>
    `${hrName} asks to see your email, phone number and street address. Approve or decline the request.`,
  approvedTitle: 'Contact details shared',
  approvedMessage: (name: string) =>
    `${name} approved your request: their contact details are visible now.`,
  alreadyOpen: "This candidate's contact details are visible without a request.",
  declined: 'The candidate declined this request. They can still approve it later.',
  tooManyPending:
    'This candidate has many open requests for contact details. Please try again in a few days.',
  tooManyRequests: 'Too many requests for contact details. Please wait an hour and try again.',
  requestNotFound: 'Contact request not found',
  requestFailed: 'Failed to request contact details. Please try again.',
  decideFailed: 'Failed to answer the request. Please try again.',
  modeFailed: 'Failed to change who sees your contact details. Please try again.',
} as const;
