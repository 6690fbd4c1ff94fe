import type { CvPersonalInfo } from '@vitae/core/cv';
import { formatDay } from '@vitae/core/dates';
import { cn } from '../../../lib/cn.ts';

export interface DetailRow {
  label: string;
  value: string;
}

function capitalise(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

function yesNo(value: boolean | null): string {
  return value === null ? '' : value ? 'Yes' : 'No';
}

/**
 * Personal details shown by most templates: date of birth, gender, nationality, driver's
 * licence (its code, or "Yes" / "Valid" when there is no code).
 */
export function personalDetailRows(
  info: CvPersonalInfo | null,
  licenceWord: 'Yes' | 'Valid' = 'Yes',
): DetailRow[] {
  if (!info) return [];
  const licence = info.driversLicense
    ? info.licenseCode
      ? `Code ${info.licenseCode}`
      : licenceWord
    : '';
  return [
    { label: 'Date of birth', value: formatDay(info.dateOfBirth) },
    { label: 'Gender', value: capitalise(info.gender) },
    { label: 'Nationality', value: info.nationality },
    { label: "Driver's licence", value: licence },
  ].filter((row) => row.value);
}

/** Template 10's personal-information block: every field, with yes/no answers. */
export function personalInformationRows(info: CvPersonalInfo | null): DetailRow[] {
  if (!info) return [];
  const licence = yesNo(info.driversLicense);
  return [
    { label: 'Date of birth', value: formatDay(info.dateOfBirth) },
    { label: 'ID number', value: info.idNumber },
    { label: 'Gender', value: capitalise(info.gender) },
    { label: 'Nationality', value: info.nationality },
    { label: 'SA citizen', value: yesNo(info.saCitizen) },
    {
      label: "Driver's licence",
      value: licence === 'Yes' && info.licenseCode ? `Yes (Code ${info.licenseCode})` : licence,
    },
  ].filter((row) => row.value);
}

interface DetailListProps {
  rows: DetailRow[];
  className?: string;
  labelClassName?: string;
  valueClassName?: string;
}

/** Label / value pairs as a description list. */
export function DetailList({ rows, className, labelClassName, valueClassName }: DetailListProps) {
  if (rows.length === 0) return null;
  return (
    <dl className={cn('grid grid-cols-[auto_1fr] gap-x-3 gap-y-1', className)}>
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className={labelClassName ?? 'font-semibold'}>{row.label}</dt>
          <dd className={valueClassName}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
