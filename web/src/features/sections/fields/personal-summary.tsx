import { Area } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';

function PersonalSummaryFields({ form }: FieldsProps) {
  return (
    <Area
      form={form}
      name="content"
      label="Personal summary"
      required
      max={1000}
      rows={8}
      placeholder="A few sentences about who you are, what you do well and what you are looking for."
    />
  );
}

export const personalSummaryUi: SectionUi = {
  key: 'personal-summary',
  noun: 'personal summary',
  saveError: 'Failed to save personal summary. Please try again.',
  savedMessage: 'Personal summary saved successfully!',
  cancelTo: '/app/dashboard',
  Fields: PersonalSummaryFields,
};
