// The CV import/export feature's front door: other features import from here only.
export { ImportButton } from './import-button.tsx';
