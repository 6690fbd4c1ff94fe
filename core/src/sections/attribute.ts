import { z } from 'zod';
import type { SameType } from '../schema-check.ts';
import { requiredText, maxMessage, type ColumnKind } from './fields.ts';
import { cvList, id, text } from './cv-read.ts';
import { defineSection, type Preview } from './define.ts';
import { type JsonResumeMapping, str } from '../json-resume/mapping.ts';

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

/** CvAttribute as a response schema (core/src/responses/cv.ts builds CvData from these). */
export const cvAttributeSchema = z.object({ _id: z.string(), attribute: z.string() });
const _cvAttributeSchema: SameType<z.output<typeof cvAttributeSchema>, CvAttribute> = true;

/** The long preview CV's entries (SAMPLE_CV), longer than `sample`. */
export const attributePreview: Preview<Attribute>[] = [
  { _id: 'sample-attr-1', attribute: 'Calm under pressure' },
  { _id: 'sample-attr-2', attribute: 'Clear communicator' },
  { _id: 'sample-attr-3', attribute: 'Curious and self-driven' },
  { _id: 'sample-attr-4', attribute: 'Reliable team player' },
];

/** Its place in a JSON Resume (core/src/json-resume). */
export const attributeJsonResume: JsonResumeMapping<Attribute> = {
  place: null,
  toItem: (e) => ({ attribute: e.attribute }),
  fromItem: (item) => ({ attribute: str(item, 'attribute') }),
};

export const attributeSection = defineSection({
  key: 'attribute',
  tab: 'attributes',
  label: 'Attributes',
  blurb: 'Qualities that describe you.',
  kind: 'list',
  schema: attributeSchema,
  defaults: attributeDefaults,
  sample: attributeSample,
  preview: attributePreview,
  columns: attributeColumns,
  limits: attributeLimits,
  indicator: 'count',
  jsonResume: attributeJsonResume,
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
