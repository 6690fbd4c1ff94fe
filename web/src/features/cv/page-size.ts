import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageSize } from '@vitae/core/cv';
import { api } from '../../lib/api.ts';
import { cvDataKey, type CvDataResponse } from './cv-data.ts';

/** The one-request CV with the CV's paper size (issue 17; absent from an older server: A4). */
export type CvDataWithPage = CvDataResponse & { cv: { pageSize?: PageSize } };

/** Saves the CV's paper size; the cached CV shows it at once, and again if the save fails. */
export function useSavePageSize() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pageSize: PageSize) => api.put('/api/curriculum-vitae/page-size', { pageSize }),
    onMutate: (pageSize) => {
      const before = client.getQueryData<CvDataWithPage>(cvDataKey)?.cv.pageSize;
      client.setQueryData<CvDataWithPage>(cvDataKey, (old) =>
        old ? { ...old, cv: { ...old.cv, pageSize } } : old,
      );
      return { before };
    },
    onError: (_e, _size, ctx) => {
      client.setQueryData<CvDataWithPage>(cvDataKey, (old) =>
        old ? { ...old, cv: { ...old.cv, pageSize: ctx?.before } } : old,
      );
    },
  });
}
