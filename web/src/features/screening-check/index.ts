// The screening check's front door ("What a screening system reads", issue 35): other
// features import from here only. The panel itself loads when it is first opened.
export { ScreeningCheck } from './screening-check-launcher.tsx';
