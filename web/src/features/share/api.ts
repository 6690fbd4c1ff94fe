import { useMutation, useQuery } from '@tanstack/react-query';
import type { ShareCvInput, ShareSummary } from '@vitae/core/share';
import type { TemplateId } from '@vitae/core/cv';
import { api } from '../../lib/api.ts';

/** What the wizard needs before it can send: the CV id, its template and the assigned photo. */
export interface ShareContext {
  cvId: string;
  template: TemplateId;
  /** null when no photo is assigned. */
  photoUrl: string | null;
}

export function useShareContext() {
  return useQuery({
    queryKey: ['share-cv', 'context'],
    queryFn: async ({ signal }): Promise<ShareContext> => {
      const [cv, photo] = await Promise.all([
        api.get<{ _id: string; template: TemplateId }>('/api/curriculum-vitae', { signal }),
        api
          .get<{ assignedPhotoUrl?: string }>('/api/photo/assigned', { signal })
          .catch(() => ({ assignedPhotoUrl: undefined })),
      ]);
      const url = photo.assignedPhotoUrl;
      return {
        cvId: cv._id,
        template: cv.template,
        photoUrl: url && url !== 'noneAssigned' ? url : null,
      };
    },
  });
}

export function useShareCv() {
  return useMutation({
    mutationFn: (payload: ShareCvInput) =>
      api.post<{ success: true; data: ShareSummary; shares: ShareSummary[] }>(
        '/api/share-cv',
        payload,
      ),
  });
}
