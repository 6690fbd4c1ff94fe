import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Certificate } from '@vitae/core/media';
import { api } from '../../lib/api.ts';
import { skipLiveRefresh } from '../../lib/socket.ts';

/** The same keys the realtime channel invalidates for dataType `certificate`. */
export const certificatesKey = ['section', 'certificate'] as const;
export const certificateStatusKey = ['section-status', 'certificate'] as const;

interface CertificateList {
  data: Certificate[];
}

export interface CertificateInput {
  title: string;
  pdfUrl?: string;
  photoUrl?: string;
  publicId?: string;
  /** Issue 32: a certificate may have no file; these describe it either way. */
  issuer?: string;
  date?: string;
  url?: string;
  /** An edit: drop the current document. */
  removeFile?: boolean;
}

export const fetchCertificates = () =>
  api.get<CertificateList>('/api/certificate').then((r) => r.data ?? []);

export const useCertificates = () =>
  useQuery({ queryKey: certificatesKey, queryFn: fetchCertificates });

/** Every change answers with the new list: store it, refresh the status card. */
function useCertificateMutation<V>(fn: (v: V) => Promise<CertificateList>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      // Our own change already refetched: skip the live echo of it.
      skipLiveRefresh('certificate');
      qc.setQueryData(certificatesKey, res.data ?? []);
      void qc.invalidateQueries({ queryKey: certificateStatusKey });
    },
  });
}

export const useCreateCertificate = () =>
  useCertificateMutation((v: CertificateInput) => api.post<CertificateList>('/api/certificate', v));
export const useUpdateCertificate = () =>
  useCertificateMutation(({ id, ...v }: CertificateInput & { id: string }) =>
    api.patch<CertificateList>(`/api/certificate/${encodeURIComponent(id)}`, v),
  );
export const useDeleteCertificate = () =>
  useCertificateMutation((c: { id: string; publicId: string }) =>
    api.post<CertificateList>('/api/certificate/delete', c),
  );
