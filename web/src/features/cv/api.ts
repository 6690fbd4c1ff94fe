// The CV as a whole, shared by the features that show or change it: its one-request query
// and the savers of its CV-wide settings. Other features import from here only.
export { cvDataKey, useCvData, useSaveTemplate, type CvDataResponse } from './cv-data.ts';
export { useSavePageSize, type CvDataWithPage } from './page-size.ts';
export { useCvSaver, type CvSetting, type SaveState } from './cv-saver.ts';
