import { PHONE_INPUT_MAX } from '@vitae/core/sections/contact-info';
import { Row, Text } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';

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
          maxLength={PHONE_INPUT_MAX}
          autoComplete="tel"
        />
        <Text
          form={form}
          name="email"
          label="Email"
          required
          type="email"
          maxLength={100}
          autoComplete="email"
        />
      </Row>
      <Row>
        <Text form={form} name="unit" label="Unit" maxLength={50} />
        <Text form={form} name="complex" label="Complex" maxLength={100} />
      </Row>
      <Text
        form={form}
        name="address"
        label="Street address"
        maxLength={200}
        autoComplete="street-address"
      />
      <Row>
        <Text form={form} name="suburb" label="Suburb" maxLength={100} />
        <Text form={form} name="city" label="City" maxLength={50} autoComplete="address-level2" />
      </Row>
      <Row>
        <Text
          form={form}
          name="province"
          label="Province"
          maxLength={100}
          autoComplete="address-level1"
        />
        <Text
          form={form}
          name="country"
          label="Country"
          maxLength={100}
          autoComplete="country-name"
        />
      </Row>
      <Text
        form={form}
        name="postalCode"
        label="Postal code"
        maxLength={10}
        autoComplete="postal-code"
      />
      <Row>
        <Text
          form={form}
          name="linkedin"
          label="LinkedIn"
          type="url"
          maxLength={200}
          placeholder="https://www.linkedin.com/in/..."
        />
        <Text
          form={form}
          name="website"
          label="Website"
          type="url"
          maxLength={200}
          placeholder="https://"
        />
      </Row>
    </>
  );
}

export const contactInfoUi: SectionUi = {
  key: 'contact-info',
  noun: 'contact information',
  saveError: 'Failed to save contact information. Please try again.',
  savedMessage: 'Contact information saved successfully!',
  Fields: ContactInfoFields,
};
