import { SECTIONS } from '@vitae/core/sections/index';
import { formatDateRange } from '@vitae/core/dates';
import type { Experience } from '@vitae/core/sections/experience';
import { Rich, Row, Text } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';
import { EntryText, joined } from '../summary-parts.tsx';
import type { Entry } from '../api.ts';

/** The field limits of core's section definition. */
const max = SECTIONS['experience'].limits;

function ExperienceFields({ form }: FieldsProps) {
  return (
    <>
      <Text form={form} name="title" label="Experience title" required maxLength={max.title} />
      <Text form={form} name="company" label="Company or organisation" maxLength={max.company} />
      <Row>
        <Text form={form} name="startDate" label="Start date" type="month" />
        <Text
          form={form}
          name="endDate"
          label="End date"
          type="month"
          hint="Leave empty if ongoing"
        />
      </Row>
      <Rich form={form} name="description" label="Description" max={max.description} />
    </>
  );
}

function ExperienceSummary({ entry }: { entry: Entry }) {
  const e = entry as Entry<'experience'> & Experience;
  return (
    <EntryText
      title={e.title}
      meta={joined(e.company, formatDateRange(e.startDate, e.endDate))}
      body={e.description}
    />
  );
}

export const experienceUi: SectionUi = {
  key: 'experience',
  noun: 'experience',
  saveError: 'Failed to save experience. Please try again.',
  deleteError: 'Failed to delete experience. Please try again.',
  Fields: ExperienceFields,
  Summary: ExperienceSummary,
  entryName: (e) => String((e as Entry<'experience'>).title),
};
