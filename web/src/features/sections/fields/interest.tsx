import { SECTIONS } from '@vitae/core/sections/index';
import { Text } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';
import type { Entry } from '../api.ts';

/** The field limits of core's section definition. */
const max = SECTIONS['interest'].limits;

function InterestFields({ form }: FieldsProps) {
  return <Text form={form} name="interest" label="Interest" required maxLength={max.interest} />;
}

export const interestUi: SectionUi = {
  key: 'interest',
  noun: 'interest',
  deleteError: 'Failed to delete interest. Please try again.',
  Fields: InterestFields,
  entryName: (e) => String((e as Entry<'interest'>).interest),
  // Created by sending the whole list: the existing entries plus the new one
  // (docs/product/builder.md#form-rules).
  createBody: (item, entries) => ({
    interests: [
      ...entries.map((e) => ({ _id: e._id, interest: (e as Entry<'interest'>).interest })),
      item,
    ],
  }),
};
