import { SECTIONS } from '@vitae/core/sections/index';
import { Rich } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';

/** The field limits of core's section definition. */
const max = SECTIONS['personal-summary'].limits;

function PersonalSummaryFields({ form }: FieldsProps) {
  return (
    <Rich
      form={form}
      name="content"
      label="Personal summary"
      required
      max={max.content}
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
