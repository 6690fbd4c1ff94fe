import { SECTIONS } from '@vitae/core/sections/index';
import { Text } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';
import type { Entry } from '../api.ts';

/** The field limits of core's section definition. */
const max = SECTIONS['attribute'].limits;

function AttributeFields({ form }: FieldsProps) {
  return (
    <Text
      form={form}
      name="attribute"
      label="Attribute"
      required
      maxLength={max.attribute}
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
  // Created by sending the whole list: the existing entries plus the new one
  // (docs/product/builder.md#form-rules).
  createBody: (item, entries) => ({
    attributes: [
      ...entries.map((e) => ({ _id: e._id, attribute: (e as Entry<'attribute'>).attribute })),
      item,
    ],
  }),
};
