import { SECTIONS } from '@vitae/core/sections/index';
import { formatDateRange } from '@vitae/core/dates';
import { Rich, Row, Text } from '../form-parts.tsx';
import type { FieldsProps } from '../section-ui.ts';
import { AdditionalInfo, educationUi } from './education-parts.tsx';
import { EntryText, joined } from '../summary-parts.tsx';
import type { Entry } from '../api.ts';

/** The field limits of core's section definition. */
const max = SECTIONS['tertiary-education'].limits;

function TertiaryEducationFields({ form }: FieldsProps) {
  return (
    <>
      <Text
        form={form}
        name="instituteName"
        label="Institute name"
        required
        maxLength={max.instituteName}
      />
      <Text
        form={form}
        name="certificationType"
        label="Qualification"
        maxLength={max.certificationType}
        placeholder="e.g. BCom Accounting, National Diploma"
      />
      <Row>
        <Text form={form} name="startDate" label="Start date" required type="month" />
        <Text form={form} name="endDate" label="End date" required type="month" />
      </Row>
      <Rich form={form} name="description" label="Description" max={max.description} />
      <AdditionalInfo form={form} max={max.additionalInfo} />
    </>
  );
}

function TertiaryEducationSummary({ entry }: { entry: Entry }) {
  const e = entry as Entry<'tertiary-education'>;
  return (
    <EntryText
      title={e.certificationType ? `${e.certificationType}, ${e.instituteName}` : e.instituteName}
      meta={joined(formatDateRange(e.startDate, e.endDate))}
      body={e.description}
    />
  );
}

export const tertiaryEducationUi = educationUi({
  key: 'tertiary-education',
  noun: 'tertiary education',
  Fields: TertiaryEducationFields,
  Summary: TertiaryEducationSummary,
  entryName: (e) => String((e as Entry<'tertiary-education'>).instituteName),
});
