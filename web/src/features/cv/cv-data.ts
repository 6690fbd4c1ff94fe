import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CvData, TemplateId } from '@vitae/core/cv';
import { api } from '../../lib/api.ts';

export interface CvDataResponse {
  cv: { _id: string; template: TemplateId };
  data: CvData;
}

export const cvDataKey = ['curriculum-vitae', 'data'] as const;

/** The whole CV in one request (instead of one per section). */
export function useCvData() {
  return useQuery({
    queryKey: cvDataKey,
    queryFn: ({ signal }) => api.get<CvDataResponse>('/api/curriculum-vitae/data', { signal }),
  });
}

/** Saves the template choice on the CV record; the cached CV shows it at once. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (template: TemplateId) => api.patch('/api/curriculum-vitae/template', { template }),
    onMutate: (template) => {
      client.setQueryData<CvDataResponse>(cvDataKey, (old) =>
        old ? { ...old, cv: { ...old.cv, template } } : old,
      );
    },
  });
}
