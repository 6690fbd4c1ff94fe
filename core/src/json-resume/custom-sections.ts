/**
 * Custom sections in a JSON Resume (issue 30). A section of kind volunteer, awards,
 * publications or projects writes its entries to that JSON Resume list, after the built-in
 * sections' items; `meta.vitae.customSections` keeps, per section, its title, kind, how many
 * items it wrote and the fields those items lost, and an "other" section whole. A Vitae export
 * so reads back section for section; a foreign file's `awards` and `publications` become
 * sections of those kinds (its `volunteer` and `projects` stay Work Experience's).
 */
import {
  CUSTOM_SECTION_KIND_LABELS,
  isCustomSectionKind,
  type CustomSectionKind,
} from '../custom-section-keys.ts';
import { compact, isoDate, isRec, str, strings, withHighlights, type Rec } from './mapping.ts';

/** A custom section as export and import carry it: its entries' fields, no ids. */
export interface CustomSectionData {
  title: string;
  kind: CustomSectionKind;
  entries: Rec[];
}

type MappedKind = Exclude<CustomSectionKind, 'other'>;

const FIELDS = ['title', 'subtitle', 'place', 'startDate', 'endDate', 'description'] as const;

interface KindMapping {
  toItem: (e: Rec) => Rec;
  fromItem: (item: Rec) => Rec;
}

const s = (e: Rec, f: string) => (typeof e[f] === 'string' ? (e[f] as string) : '');
const summaryOf = (item: Rec, field = 'summary') =>
  withHighlights(str(item, field) || str(item, 'description'), strings(item, 'highlights'));

/** Each kind's JSON Resume list and the item an entry becomes there. */
export const CUSTOM_KIND_MAPPINGS: Record<MappedKind, KindMapping> = {
  volunteer: {
    toItem: (e) =>
      compact({
        position: s(e, 'title'),
        organization: s(e, 'subtitle'),
        startDate: isoDate(s(e, 'startDate')),
        endDate: isoDate(s(e, 'endDate')),
        summary: s(e, 'description'),
      }),
    fromItem: (item) => ({
      title: str(item, 'position') || str(item, 'organization'),
      subtitle: str(item, 'position') ? str(item, 'organization') : '',
      startDate: str(item, 'startDate'),
      endDate: str(item, 'endDate'),
      description: summaryOf(item),
    }),
  },
  awards: {
    toItem: (e) =>
      compact({
        title: s(e, 'title'),
        awarder: s(e, 'subtitle'),
        date: isoDate(s(e, 'startDate')),
        summary: s(e, 'description'),
      }),
    fromItem: (item) => ({
      title: str(item, 'title'),
      subtitle: str(item, 'awarder'),
      startDate: str(item, 'date'),
      description: summaryOf(item),
    }),
  },
  publications: {
    toItem: (e) =>
      compact({
        name: s(e, 'title'),
        publisher: s(e, 'subtitle'),
        releaseDate: isoDate(s(e, 'startDate')),
        summary: s(e, 'description'),
      }),
    fromItem: (item) => ({
      title: str(item, 'name'),
      subtitle: str(item, 'publisher'),
      startDate: str(item, 'releaseDate'),
      description: summaryOf(item),
    }),
  },
  projects: {
    toItem: (e) =>
      compact({
        name: s(e, 'title'),
        entity: s(e, 'subtitle'),
        startDate: isoDate(s(e, 'startDate')),
        endDate: isoDate(s(e, 'endDate')),
        description: s(e, 'description'),
      }),
    fromItem: (item) => ({
      title: str(item, 'name'),
      subtitle: str(item, 'entity'),
      startDate: str(item, 'startDate'),
      endDate: str(item, 'endDate'),
      description: summaryOf(item, 'description'),
    }),
  },
};

const EMPTY: Rec = Object.fromEntries(FIELDS.map((f) => [f, '']));
/** An item as an entry: every field, '' where the item gives none. */
const entryOf = (kind: MappedKind, item: Rec, extra: unknown = null): Rec => ({
  ...EMPTY,
  ...CUSTOM_KIND_MAPPINGS[kind].fromItem(item),
  ...(isRec(extra) ? extra : {}),
});

/** An entry's own fields, each as text. */
const fieldsOf = (entry: Rec): Rec => Object.fromEntries(FIELDS.map((f) => [f, s(entry, f)]));

/** The fields `fromItem(toItem(entry))` does not give back; null when none. */
function lost(map: KindMapping, entry: Rec, item: Rec): Rec | null {
  const back = map.fromItem(item);
  const out: Rec = {};
  for (const f of FIELDS) if ((back[f] ?? '') !== entry[f]) out[f] = entry[f];
  return Object.keys(out).length ? out : null;
}

/** What the export adds: items per JSON Resume list, and `meta.vitae.customSections`. */
export function customSectionsToJsonResume(sections: readonly CustomSectionData[]): {
  lists: Partial<Record<MappedKind, Rec[]>>;
  meta: Rec[];
} {
  const lists: Partial<Record<MappedKind, Rec[]>> = {};
  const meta = sections.map((section): Rec => {
    const entries = section.entries.map(fieldsOf);
    if (section.kind === 'other') return { title: section.title, kind: 'other', entries };
    const map = CUSTOM_KIND_MAPPINGS[section.kind];
    const items = entries.map(map.toItem);
    (lists[section.kind] ??= []).push(...items);
    const lostFields = entries.map((e, i) => lost(map, e, items[i]!));
    return compact({
      title: section.title,
      kind: section.kind,
      items: items.length,
      lost: lostFields.some(Boolean) ? lostFields : [],
    });
  });
  return { lists, meta };
}

const listOf = (resume: Rec, name: string): Rec[] =>
  Array.isArray(resume[name]) ? (resume[name] as unknown[]).filter(isRec) : [];

/**
 * The custom sections a JSON Resume holds, and the resume without their items (so Work
 * Experience does not read a custom "projects" section's items as its own).
 */
export function customSectionsFromJsonResume(
  resume: Rec,
  vitae: Rec | null,
): { sections: CustomSectionData[]; rest: Rec } {
  const kept = vitae && Array.isArray(vitae.customSections) ? vitae.customSections : null;
  if (!kept) {
    // A foreign file: its awards and publications, one section each.
    const sections = (['awards', 'publications'] as const)
      .map((kind) => ({
        title: CUSTOM_SECTION_KIND_LABELS[kind],
        kind,
        entries: listOf(resume, kind).map((item) => entryOf(kind, item)),
      }))
      .filter((section) => section.entries.length > 0);
    return { sections, rest: resume };
  }
  const records = kept.filter(isRec);
  // Each list's custom items are its last ones, in the order of the sections that wrote them.
  const tail: Partial<Record<MappedKind, Rec[]>> = {};
  const rest: Rec = { ...resume };
  for (const kind of Object.keys(CUSTOM_KIND_MAPPINGS) as MappedKind[]) {
    const count = records
      .filter((r) => r.kind === kind)
      .reduce((n, r) => n + (typeof r.items === 'number' && r.items > 0 ? r.items : 0), 0);
    const items = listOf(resume, kind);
    const from = Math.max(0, items.length - count);
    tail[kind] = items.slice(from);
    if (Array.isArray(resume[kind])) rest[kind] = items.slice(0, from);
  }
  const sections = records.map((r): CustomSectionData => {
    const kind = isCustomSectionKind(r.kind) ? r.kind : 'other';
    const title = typeof r.title === 'string' ? r.title : '';
    if (kind === 'other') {
      return { title, kind, entries: Array.isArray(r.entries) ? r.entries.filter(isRec) : [] };
    }
    const n = typeof r.items === 'number' && r.items > 0 ? r.items : 0;
    const items = tail[kind]!.splice(0, n);
    const lostFields = Array.isArray(r.lost) ? r.lost : [];
    const entries = items.map((item, i): Rec => entryOf(kind, item, lostFields[i]));
    return { title, kind, entries };
  });
  return { sections, rest };
}
