import { describe, expect, it } from 'vitest';
import { SAMPLE_CV } from '@vitae/core';
import { addressLine, contactItems } from './cv-header.tsx';

describe("a CV header's address", () => {
  it('joins the address parts in the product’s order, skipping empty ones', () => {
    expect(addressLine(SAMPLE_CV.contactInfo)).toBe(
      'Unit 12, Jacaranda Court, 45 Rivonia Road, Sandton, Johannesburg, Gauteng, 2196, South Africa',
    );
    expect(addressLine({ ...SAMPLE_CV.contactInfo!, unit: '', complex: '' })).toBe(
      '45 Rivonia Road, Sandton, Johannesburg, Gauteng, 2196, South Africa',
    );
    expect(addressLine(null)).toBe('');
  });

  it('shows the joined address as one contact line, or each part on its own line', () => {
    const joined = contactItems(SAMPLE_CV.contactInfo).filter((i) => i.icon === 'location');
    expect(joined.map((i) => i.value)).toEqual([addressLine(SAMPLE_CV.contactInfo)]);
    const parts = contactItems(SAMPLE_CV.contactInfo, { addressParts: true });
    expect(parts.filter((i) => i.icon === 'location').map((i) => i.label)).toEqual([
      'Unit',
      'Complex',
      'Address',
      'Suburb',
      'City',
      'Province',
      'Country',
      'Postal code',
    ]);
  });
});
