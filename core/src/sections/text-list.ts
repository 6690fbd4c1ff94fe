import { z } from 'zod';
import { requiredText, maxMessage } from './fields.ts';
import { cvList, id, text } from './cv-read.ts';
import { defineSection, type Preview } from './define.ts';
import { type JsonResumeList, str } from '../json-resume/mapping.ts';

/** How a one-text list section differs from another: its words and its numbers. */
export interface TextListOptions<K extends string, F extends string> {
  /** The section key, which is also the name of its one field ('interest'). */
  key: K;
  /** The field's label in messages ('Interest'). */
  noun: string;
  tab: string;
  label: string;
  blurb: string;
  /** The most characters one entry takes. */
  limit: number;
  /** Short realistic entries for /sample and the template previews. */
  sample: string[];
  /** The long preview CV's entries, with the id prefix they are numbered under. */
  preview: { idPrefix: string; entries: string[] };
  /** Where JSON Resume keeps them (null: nowhere) and the item's key for the text. */
  jsonResume: { place: JsonResumeList | null; itemKey: string };
  /** The CvData field (a wire name the templates read). */
  cvField: F;
}

/**
 * A section that is a list of one short text each, the same text at most once in the list
 * (any case): interests and attributes. Both are this one shape; only words and numbers differ.
 */
export function textListSection<const K extends string, const F extends string>(
  o: TextListOptions<K, F>,
) {
  type Entry = Record<K, string>;
  const only = (value: string) => ({ [o.key]: value }) as Entry;
  const messages = {
    [`${o.key}Required`]: `${o.noun} is required`,
    [`${o.key}TooLong`]: maxMessage(o.noun, o.limit),
    duplicate: `This ${o.key} already exists`,
  } as Record<`${K}Required` | `${K}TooLong` | 'duplicate', string>;
  const schema = z.object({ [o.key]: requiredText(o.noun, o.limit) } as Record<
    K,
    ReturnType<typeof requiredText>
  >) as unknown as z.ZodType<Entry, Entry>;
  /** An entry as CvData carries it. */
  const cvSchema = z.object({ _id: z.string(), [o.key]: z.string() } as {
    _id: z.ZodString;
  } & Record<K, z.ZodString>);
  type CvEntry = { _id: string } & Entry;

  const section = defineSection({
    key: o.key,
    tab: o.tab,
    label: o.label,
    blurb: o.blurb,
    kind: 'list',
    schema,
    defaults: only(''),
    sample: o.sample.map(only),
    preview: o.preview.entries.map((value, i): Preview<Entry> => ({
      _id: `${o.preview.idPrefix}-${i + 1}`,
      ...only(value),
    })),
    columns: { [o.key]: 'text' } as Record<K, 'text'>,
    limits: { [o.key]: o.limit } as Record<K, number>,
    indicator: 'count',
    jsonResume: {
      place: o.jsonResume.place,
      toItem: (e) => ({ [o.jsonResume.itemKey]: e[o.key] }),
      fromItem: (item) => only(str(item, o.jsonResume.itemKey)),
    },
    unique: { field: o.key, listKey: o.tab, message: messages.duplicate },
    cv: {
      field: o.cvField,
      aliases: [o.cvField],
      read: cvList((r, i) => ({ _id: id(r, i), ...only(text(r, o.key, 'name')) }) as CvEntry),
    },
  });
  return { section, messages, cvSchema };
}
