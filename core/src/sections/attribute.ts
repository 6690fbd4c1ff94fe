import type { z } from 'zod';
import { textListSection } from './text-list.ts';

const attribute = textListSection({
  key: 'attribute',
  noun: 'Attribute',
  tab: 'attributes',
  label: 'Attributes',
  blurb: 'Qualities that describe you.',
  limit: 50,
  sample: ['Reliable', 'Team player', 'Quick learner'],
  preview: {
    idPrefix: 'sample-attr',
    entries: [
      'Calm under pressure',
      'Clear communicator',
      'Curious and self-driven',
      'Reliable team player',
    ],
  },
  // JSON Resume has no place for attributes; our own export keeps them under `attribute`.
  jsonResume: { place: null, itemKey: 'attribute' },
  cvField: 'attributes',
});

export const attributeSection = attribute.section;
export const ATTRIBUTE_MESSAGES = attribute.messages;
export const cvAttributeSchema = attribute.cvSchema;
export type Attribute = z.output<typeof attributeSection.schema>;
export type AttributeInput = z.input<typeof attributeSection.schema>;
export type CvAttribute = z.output<typeof cvAttributeSchema>;
