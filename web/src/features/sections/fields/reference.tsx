import { SECTIONS } from '@vitae/core/sections/index';
import { Row, Text } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';
import { EntryText, joined } from '../summary-parts.tsx';
import type { Entry } from '../api.ts';

/** The field limits of core's section definition. */
const max = SECTIONS['reference'].limits;

function ReferenceFields({ form }: FieldsProps) {
  return (
    <>
      <Row>
        <Text form={form} name="name" label="Name" required maxLength={max.name} />
        <Text form={form} name="position" label="Position" maxLength={max.position} />
      </Row>
      <Text form={form} name="company" label="Company" required maxLength={max.company} />
      <Row>
        <Text
          form={form}
          name="phone"
          label="Phone number"
          required
          type="tel"
          maxLength={max.phone}
        />
        <Text form={form} name="email" label="Email" type="email" maxLength={max.email} />
      </Row>
    </>
  );
}

function ReferenceSummary({ entry }: { entry: Entry }) {
  const e = entry as Entry<'reference'>;
  return (
    <EntryText
      title={e.name}
      meta={joined(e.position, e.company)}
      body={joined(e.phone, e.email)}
    />
  );
}

export const referenceUi: SectionUi = {
  key: 'reference',
  noun: 'reference',
  saveError: 'Failed to save reference. Please try again.',
  deleteError: 'Failed to delete reference. Please try again.',
  Fields: ReferenceFields,
  Summary: ReferenceSummary,
  entryName: (e) => String((e as Entry<'reference'>).name),
};
