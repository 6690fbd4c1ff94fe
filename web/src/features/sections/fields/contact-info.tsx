import { SECTIONS } from '@vitae/core/sections/index';
import { Row, Text } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';

/** The field limits of core's section definition. */
const max = SECTIONS['contact-info'].limits;

function ContactInfoFields({ form }: FieldsProps) {
  return (
    <>
      <Row>
        <Text
          form={form}
          name="phone"
          label="Phone number"
          required
          type="tel"
          autoComplete="tel"
          // No maxLength: a cut number is silently wrong ("+27 82 555 0142" lost its last
          // digit at 14). The stored limit is checked on save (docs/product/builder.md#form-rules).
        />
        <Text
          form={form}
          name="email"
          label="Email"
          required
          type="email"
          maxLength={max.email}
          autoComplete="email"
        />
      </Row>
      <Row>
        <Text form={form} name="unit" label="Unit" maxLength={max.unit} />
        <Text form={form} name="complex" label="Complex" maxLength={max.complex} />
      </Row>
      <Text
        form={form}
        name="address"
        label="Street address"
        maxLength={max.address}
        autoComplete="street-address"
      />
      <Row>
        <Text form={form} name="suburb" label="Suburb" maxLength={max.suburb} />
        <Text
          form={form}
          name="city"
          label="City"
          maxLength={max.city}
          autoComplete="address-level2"
        />
      </Row>
      <Row>
        <Text
          form={form}
          name="province"
          label="Province"
          maxLength={max.province}
          autoComplete="address-level1"
        />
        <Text
          form={form}
          name="country"
          label="Country"
          maxLength={max.country}
          autoComplete="country-name"
        />
      </Row>
      <Text
        form={form}
        name="postalCode"
        label="Postal code"
        maxLength={max.postalCode}
        autoComplete="postal-code"
      />
      <Row>
        <Text
          form={form}
          name="linkedin"
          label="LinkedIn"
          type="url"
          maxLength={max.linkedin}
          placeholder="https://www.linkedin.com/in/..."
        />
        <Text
          form={form}
          name="website"
          label="Website"
          type="url"
          maxLength={max.website}
          placeholder="https://"
        />
      </Row>
    </>
  );
}

export const contactInfoUi: SectionUi = {
  layoutNote:
    'Always in the header: it can be hidden, and renamed where a template gives it a title.',
  key: 'contact-info',
  noun: 'contact information',
  saveError: 'Failed to save contact information. Please try again.',
  savedMessage: 'Contact information saved successfully!',
  Fields: ContactInfoFields,
};
