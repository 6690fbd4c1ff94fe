/**
 * Certificates in and out of JSON Resume and LinkedIn (issue 32): a certificate travels as its
 * title, issuer, date and link; its file never does (a file's address is signed for minutes).
 * An imported certificate is a record without a file, which the user may give one later.
 */
import { isoDate, type Rec } from './mapping.ts';
import { rowsOf, type LinkedInRows } from './linkedin.ts';

/** A certificate as an import offers it: form input, still to be validated. */
export interface CertificateInput {
  title: string;
  issuer: string;
  date: string;
  url: string;
}

/** A certificate as an export carries it. */
export interface CertificateOut {
  title: string;
  issuer: string;
  date: string;
  url: string;
}

/** A date as a certificate holds it: a month (YYYY-MM) or a year; '' when unknown. */
export const certificateDate = (value: unknown): string =>
  typeof value === 'string' ? isoDate(value).slice(0, 7) : '';

const str = (value: unknown): string =>
  typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';

/** Certifications.csv: Name, Authority, Started On and Url (the licence number has no place). */
export const certificatesFromLinkedIn = (rows: LinkedInRows): CertificateInput[] =>
  rowsOf(rows, 'Certifications.csv').map((c) => ({
    title: str(c['Name']),
    issuer: str(c['Authority']),
    date: certificateDate(c['Started On'] ?? ''),
    url: str(c['Url']),
  }));

/** JSON Resume's `certificates` items (name, date, issuer, url); one without a name is skipped. */
export const certificatesFromJsonResume = (items: readonly Rec[]): CertificateInput[] =>
  items
    .map((item) => ({
      title: str(item.name),
      issuer: str(item.issuer),
      date: certificateDate(item.date),
      url: str(item.url),
    }))
    .filter((c) => c.title !== '');

/** JSON Resume's `certificates` items; the link is the certificate's own, never its file. */
export const certificatesToJsonResume = (certificates: readonly CertificateOut[]): Rec[] =>
  certificates
    .filter((c) => c.title)
    .map((c) =>
      Object.fromEntries(
        Object.entries({ name: c.title, date: c.date, issuer: c.issuer, url: c.url }).filter(
          ([, v]) => v !== '',
        ),
      ),
    );
