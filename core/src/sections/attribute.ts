import { z } from 'zod';
import { requiredText, type ColumnKind } from './fields.ts';

export const ATTRIBUTE_MESSAGES = {
  attributeRequired: 'Attribute is required',
  attributeTooLong: 'Attribute must be 50 characters or less',
  duplicate: 'This attribute already exists',
} as const;

export const attributeSchema = z.object({
  attribute: requiredText('Attribute', 50),
});

export type Attribute = z.output<typeof attributeSchema>;
export type AttributeInput = z.input<typeof attributeSchema>;

export const attributeDefaults: Attribute = { attribute: '' };

export const attributeSample: Attribute[] = [
  { attribute: 'Reliable' },
  { attribute: 'Team player' },
  { attribute: 'Quick learner' },
];

export const attributeColumns = {
  attribute: 'text',
} as const satisfies Record<keyof Attribute, ColumnKind>;
