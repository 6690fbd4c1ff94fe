import { Text } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';
import type { Entry } from '../api.ts';

function AttributeFields({ form }: FieldsProps) {
  return (
    <Text
      form={form}
      name="attribute"
      label="Attribute"
      required
      maxLength={50}
      placeholder="e.g. Reliable, Team player"
    />
  );
}

export const attributeUi: SectionUi = {
  key: 'attribute',
  noun: 'attribute',
  deleteError: 'Failed to delete attribute. Please try again.',
  Fields: AttributeFields,
  entryName: (e) => String((e as Entry<'attribute'>).attribute),
  // Created by sending the whole list: the existing entries plus the new one (spec section 4).
  createBody: (item, entries) => ({
    attributes: [
      ...entries.map((e) => ({ _id: e._id, attribute: (e as Entry<'attribute'>).attribute })),
      item,
    ],
  }),
};
