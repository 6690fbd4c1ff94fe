import { CERTIFICATE_MESSAGES, MAX_CERTIFICATES, certificateRecordSchema } from '@vitae/core';
import type { CertificateInput } from '@vitae/core/json-resume/certificates';
import type { CertificatePlan, PlannedEntry } from '@vitae/core/json-resume/import-result';
import { fieldErrorsFrom } from '../plugins/errors.ts';
import { MAX_CANDIDATES, sameText, tooMany } from './import-plan.ts';

export const CERTIFICATES_LABEL = 'Certificates';

type Key = { title: string; issuer: string; date: string };
const keyOf = (c: Key) => JSON.stringify([sameText(c.title), sameText(c.issuer), c.date]);

/**
 * The certificates a file brings (issue 32), judged like the certificate form: one the user
 * already has (same title, issuer and date, any case) or listed earlier in the file is
 * "already there"; past the certificates cap an entry says so. Nothing is removed, whatever
 * the import's mode: a certificate may hold a file no export carries.
 */
export function planCertificates(
  inputs: readonly CertificateInput[],
  existing: readonly Key[],
): CertificatePlan | null {
  if (!inputs.length) return null;
  if (inputs.length > MAX_CANDIDATES) throw tooMany(CERTIFICATES_LABEL);
  const known = new Set(existing.map(keyOf));
  let room = MAX_CERTIFICATES - existing.length;
  const entries = inputs.map((input): PlannedEntry => {
    const r = certificateRecordSchema.safeParse(input);
    if (!r.success) {
      return { values: { ...input }, errors: fieldErrorsFrom(r.error.issues) };
    }
    const key = keyOf(r.data);
    if (known.has(key)) return { values: r.data, errors: null, already: true };
    if (room <= 0) {
      return { values: r.data, errors: { general: CERTIFICATE_MESSAGES.tooMany } };
    }
    room -= 1;
    known.add(key);
    return { values: r.data, errors: null };
  });
  return {
    label: CERTIFICATES_LABEL,
    existing: existing.length,
    count: entries.filter((e) => !e.errors && !e.already).length,
    already: entries.filter((e) => e.already).length,
    entries,
  };
}

/** The entries a plan stores. */
export const certificatesToStore = (plan: CertificatePlan | null) =>
  (plan?.entries ?? [])
    .filter((e) => !e.errors && !e.already)
    .map((e) => e.values as unknown as CertificateInput);
