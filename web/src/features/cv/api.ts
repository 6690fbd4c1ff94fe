// The CV as a whole, shared by the features that show or change it: its one-request query
// and the savers of its CV-wide settings, and its versions (issue 30): which one the CV
// screens work on, the switcher, and the changes My CVs and the builder make. Other features
// import from here only.
export {
  cvDataKey,
  cvVersionsKey,
  showVersion,
  useCvData,
  useSaveTemplate,
  type CvDataResponse,
} from './cv-data.ts';
export { useSavePageSize, type CvDataWithPage } from './page-size.ts';
export { useCvSaver, type CvSetting, type SaveState } from './cv-saver.ts';
export { currentVersion, useCurrentVersionId, versionQuery } from './current-version.ts';
export {
  useCreateVersion,
  useCurrentVersion,
  useCvVersions,
  useDeleteVersion,
  useMakeDefault,
  useRenameVersion,
  useSetEntryIncluded,
  useShowVersion,
  type CvVersion,
  type EntryInclusion,
} from './versions.ts';
export { VersionSwitcher } from './version-switcher.tsx';
