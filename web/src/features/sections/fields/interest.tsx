import { Text } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';
import type { Entry } from '../api.ts';

function InterestFields({ form }: FieldsProps) {
  return <Text form={form} name="interest" label="Interest" required maxLength={100} />;
}

export const interestUi: SectionUi = {
  key: 'interest',
  noun: 'interest',
  deleteError: 'Failed to delete interest. Please try again.',
  Fields: InterestFields,
  entryName: (e) => String((e as Entry<'interest'>).interest),
  // Created by sending the whole list: the existing entries plus the new one (spec section 4).
  createBody: (item, entries) => ({
    interests: [
      ...entries.map((e) => ({ _id: e._id, interest: (e as Entry<'interest'>).interest })),
      item,
    ],
  }),
};
