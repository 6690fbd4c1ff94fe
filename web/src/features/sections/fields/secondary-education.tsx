import { SECTIONS } from '@vitae/core/sections/index';
import {
  SUBJECTS_INPUT_MAX,
  parseSubjects,
  subjectsToText,
  type Subject,
} from '@vitae/core/sections/secondary-education';
import { Row, Text } from '../form-parts.tsx';
import type { FieldsProps } from '../section-ui.ts';
import { AdditionalInfo, educationUi } from './education-parts.tsx';
import { EntryText, joined } from '../summary-parts.tsx';
import type { Entry } from '../api.ts';

/** The field limits of core's section definition. */
const max = SECTIONS['secondary-education'].limits;

function SecondaryEducationFields({ form }: FieldsProps) {
  return (
    <>
      <Text form={form} name="schoolName" label="School name" required maxLength={max.schoolName} />
      <Row>
        <Text
          form={form}
          name="startYear"
          label="Start year"
          required
          inputMode="numeric"
          maxLength={max.startYear}
          placeholder="YYYY"
        />
        <Text
          form={form}
          name="endYear"
          label="End year"
          required
          inputMode="numeric"
          maxLength={max.endYear}
          placeholder="YYYY"
        />
      </Row>
      <Text
        form={form}
        name="subjectsText"
        label="Subjects"
        maxLength={SUBJECTS_INPUT_MAX}
        hint="Separate subjects with commas, e.g. Mathematics, English, Life Sciences"
      />
      <AdditionalInfo form={form} max={max.additionalInfo} />
    </>
  );
}

function SecondaryEducationSummary({ entry }: { entry: Entry }) {
  const e = entry as Entry<'secondary-education'>;
  return (
    <>
      <EntryText
        title={e.schoolName}
        meta={joined(`${e.startYear} – ${e.endYear}`)}
        body={e.additionalInfo}
      />
      {e.subjects.length > 0 && (
        <ul className="flex flex-wrap gap-1.5 pt-1" aria-label="Subjects studied">
          {e.subjects.map((s) => (
            <li
              key={s.key}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700"
            >
              {s.subject}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export const secondaryEducationUi = educationUi({
  key: 'secondary-education',
  noun: 'secondary education',
  Fields: SecondaryEducationFields,
  Summary: SecondaryEducationSummary,
  entryName: (e) => String((e as Entry<'secondary-education'>).schoolName),
  // Subjects are typed as comma-separated text and stored as [{subject, key}].
  toForm: ({ subjects, ...rest }) => ({
    ...rest,
    subjectsText: subjectsToText((subjects as Subject[] | undefined) ?? []),
  }),
  toPayload: ({ subjectsText, ...rest }) => ({
    ...rest,
    subjects: parseSubjects(String(subjectsText ?? '')),
  }),
  formField: { subjects: 'subjectsText' },
});
