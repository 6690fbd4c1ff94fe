// The My Shares feature's front door: other features import from here only.
export { DEVICE_LABELS, when } from './format.ts';
