import { SECTIONS } from '@vitae/core/sections/index';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { formatDateRange } from '@vitae/core/dates';
import { Rich, Check, Row, Text } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';
import { EntryText, joined } from '../summary-parts.tsx';
import type { Entry } from '../api.ts';

/** The field limits of core's section definition. */
const max = SECTIONS['employment-history'].limits;

/** Ticking "current" clears the end date and disables it (docs/product/builder.md#form-rules). */
function EmploymentHistoryFields({ form }: FieldsProps) {
  const current = useWatch({ control: form.control, name: 'current' }) as boolean;
  useEffect(() => {
    if (current) {
      form.setValue('endDate', '');
      form.clearErrors('endDate');
    }
  }, [current, form]);
  return (
    <>
      <Row>
        <Text
          form={form}
          name="company"
          label="Company"
          required
          maxLength={max.company}
          autoComplete="organization"
        />
        <Text
          form={form}
          name="position"
          label="Position"
          required
          maxLength={max.position}
          autoComplete="organization-title"
        />
      </Row>
      <Text
        form={form}
        name="location"
        label="Location"
        maxLength={max.location}
        placeholder="City, country"
      />
      <Check form={form} name="current" label="I currently work here" />
      <Row>
        <Text form={form} name="startDate" label="Start date" required type="month" />
        <Text
          form={form}
          name="endDate"
          label="End date"
          type="month"
          disabled={current}
          hint={current ? 'Not needed while you work here' : undefined}
        />
      </Row>
      <Rich form={form} name="description" label="Description" max={max.description} />
    </>
  );
}

function EmploymentHistorySummary({ entry }: { entry: Entry }) {
  const e = entry as Entry<'employment-history'>;
  return (
    <EntryText
      title={joined(e.position, e.company)}
      meta={joined(formatDateRange(e.startDate, e.endDate, e.current), e.location)}
      body={e.description}
    />
  );
}

export const employmentHistoryUi: SectionUi = {
  key: 'employment-history',
  noun: 'employment history',
  deleteError: 'Failed to delete employment history. Please try again.',
  Fields: EmploymentHistoryFields,
  Summary: EmploymentHistorySummary,
  entryName: (e) => {
    const x = e as Entry<'employment-history'>;
    return joined(x.position, x.company);
  },
};
