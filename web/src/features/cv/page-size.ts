import type { PageSize } from '@vitae/core/cv';
import { api } from '../../lib/api.ts';
import type { CvDataResponse } from './cv-data.ts';
import { useCvSaver, type CvSetting } from './cv-saver.ts';

/** The one-request CV with the CV's paper size (issue 17; absent from an older server: A4). */
export type CvDataWithPage = CvDataResponse & { cv: { pageSize?: PageSize } };

const PAGE_SIZE: CvSetting<PageSize | undefined> = {
  read: (cached) => (cached as CvDataWithPage | undefined)?.cv.pageSize,
  write: (old, pageSize) => ({ ...old, cv: { ...old.cv, pageSize } }) as CvDataWithPage,
  send: async (pageSize, version) => {
    await api.put(`/api/curriculum-vitae/page-size${version}`, { pageSize });
    return pageSize;
  },
};

/** Saves the CV's paper size; the cached CV shows it at once, and the stored one if it fails. */
export function useSavePageSize() {
  return useCvSaver(PAGE_SIZE);
}
