import { Row, Text } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';
import { EntryText, joined } from '../summary-parts.tsx';
import type { Entry } from '../api.ts';

function ReferenceFields({ form }: FieldsProps) {
  return (
    <>
      <Row>
        <Text form={form} name="name" label="Name" required maxLength={100} />
        <Text form={form} name="position" label="Position" maxLength={100} />
      </Row>
      <Text form={form} name="company" label="Company" required maxLength={100} />
      <Row>
        <Text form={form} name="phone" label="Phone number" required type="tel" maxLength={20} />
        <Text form={form} name="email" label="Email" type="email" maxLength={100} />
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
