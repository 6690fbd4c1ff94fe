import { z } from 'zod';
import { requiredText, maxMessage, type ColumnKind } from './fields.ts';
import { cvList, id, text } from './cv-read.ts';
import { defineSection } from './define.ts';

export const attributeLimits = { attribute: 50 } as const;

export const ATTRIBUTE_MESSAGES = {
  attributeRequired: 'Attribute is required',
  attributeTooLong: maxMessage('Attribute', attributeLimits.attribute),
  duplicate: 'This attribute already exists',
} as const;

export const attributeSchema = z.object({
  attribute: requiredText('Attribute', attributeLimits.attribute),
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

export interface CvAttribute {
  _id: string;
  attribute: string;
}

export const attributeSection = defineSection({
  key: 'attribute',
  label: 'Attributes',
  blurb: 'Qualities that describe you.',
  kind: 'list',
  schema: attributeSchema,
  defaults: attributeDefaults,
  sample: attributeSample,
  columns: attributeColumns,
  limits: attributeLimits,
  indicator: 'count',
  unique: { field: 'attribute', listKey: 'attributes', message: ATTRIBUTE_MESSAGES.duplicate },
  cv: {
    field: 'attributes',
    aliases: ['attributes'],
    read: cvList((r, i): CvAttribute => ({
      _id: id(r, i),
      attribute: text(r, 'attribute', 'name'),
    })),
  },
});
