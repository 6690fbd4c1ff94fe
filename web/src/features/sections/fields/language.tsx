import { SECTIONS } from '@vitae/core/sections/index';
import { cefrText } from '@vitae/core/levels';
import { LANGUAGE_PROFICIENCY_LABELS } from '@vitae/core/sections/language';
import { Rating, Text } from '../form-parts.tsx';
import type { FieldsProps, SectionUi } from '../section-ui.ts';
import { EntryText, Level } from '../summary-parts.tsx';
import type { Entry } from '../api.ts';

/** The field limits of core's section definition. */
const max = SECTIONS['language'].limits;

const L = LANGUAGE_PROFICIENCY_LABELS;

function LanguageFields({ form }: FieldsProps) {
  return (
    <>
      <Text form={form} name="language" label="Language" required maxLength={max.language} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Rating form={form} name="read" label="Read" labels={L} />
        <Rating form={form} name="write" label="Write" labels={L} />
        <Rating form={form} name="speak" label="Speak" labels={L} />
      </div>
    </>
  );
}

function LanguageSummary({ entry }: { entry: Entry }) {
  const e = entry as Entry<'language'>;
  return (
    <EntryText
      title={e.language}
      meta={
        <span className="flex flex-col gap-1 pt-1">
          <Level label="Read" value={e.read} text={L[e.read]} />
          <Level label="Write" value={e.write} text={L[e.write]} />
          <Level label="Speak" value={e.speak} text={L[e.speak]} />
          {cefrText(e) && <span className="text-xs text-slate-600">{cefrText(e)}</span>}
        </span>
      }
    />
  );
}

export const languageUi: SectionUi = {
  key: 'language',
  noun: 'language',
  deleteError: 'Failed to delete language. Please try again.',
  Fields: LanguageFields,
  Summary: LanguageSummary,
  entryName: (e) => String((e as Entry<'language'>).language),
};
