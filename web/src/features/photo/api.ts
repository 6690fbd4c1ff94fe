import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Photo } from '@vitae/core/media';
import { api } from '../../lib/api.ts';

export const photosKey = ['section', 'photo'] as const;
export const photoStatusKey = ['section-status', 'photo'] as const;

interface PhotoList {
  data: Photo[];
  assignedPhotoUrl?: string;
}

export const usePhotos = () =>
  useQuery({
    queryKey: photosKey,
    queryFn: () => api.get<PhotoList>('/api/photo').then((r) => r.data),
  });

/** Every photo change answers with the new list: store it and refresh the status card. */
function usePhotoMutation<V>(fn: (v: V) => Promise<PhotoList>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      qc.setQueryData(photosKey, res.data);
      void qc.invalidateQueries({ queryKey: photoStatusKey });
      void qc.invalidateQueries({ queryKey: ['photo-assigned'] });
    },
  });
}

export const useCreatePhoto = () =>
  usePhotoMutation((v: { title: string; photoUrl: string; publicId: string }) =>
    api.post<PhotoList>('/api/photo', v),
  );
export const useAssignPhoto = () =>
  usePhotoMutation((id: string) => api.post<PhotoList>('/api/photo/assign-photo', { id }));
export const useDeletePhoto = () =>
  usePhotoMutation((id: string) => api.post<PhotoList>('/api/photo/delete', { id }));
