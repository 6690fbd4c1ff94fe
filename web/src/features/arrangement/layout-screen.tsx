import { useId, useState } from 'react';
import {
  SECTION_TITLE_MAX,
  arrangedKeys,
  type ArrangementKey,
  type CvArrangement,
  type CvCustomSection,
} from '@vitae/core/cv';
import { SECTIONS, type SectionKey } from '@vitae/core/sections/index';
import { isSingleLineText, UNSUPPORTED_CHARACTERS } from '@vitae/core/text';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SwitchButton } from '../../components/ui/switch-button.tsx';
import { SortableList, type SortableParts } from '../../components/ui/sortable-list.tsx';
import { controlClass } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { SECTION_UIS } from '../sections/index.ts';
import { useCvData } from '../cv/api.ts';
import { cachedArrangement, useArrangementSaver, type SaveState } from './api.ts';

/** A title is saved this long after the last key press (the preview shows it at once). */
export const TITLE_SAVE_MS = 600;

const SAVE_TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving...',
  saved: 'Saved.',
  failed: '',
};

const isCustom = (key: ArrangementKey): key is `custom:${string}` => key.startsWith('custom:');

/** A row's name: the section's label, or a custom section's own title. */
const labelOf =
  (custom: readonly CvCustomSection[]) =>
  (key: ArrangementKey): string =>
    isCustom(key)
      ? (custom.find((s) => `custom:${s._id}` === key)?.title ?? 'Your section')
      : SECTIONS[key].label;

/** What a custom section's row says instead of a title field (its title is its own). */
export const CUSTOM_ROW_NOTE = 'Your own section: rename it under My sections.';

/**
 * The builder's Layout tab (issue 17): the CV's 12 sections in the user's order, moved by
 * dragging a handle or from the keyboard, each with a Show switch and a title field (empty:
 * the template's title). Every change shows in the preview at once and is saved by itself.
 */
export default function LayoutScreen() {
  const query = useCvData();
  const saver = useArrangementSaver();
  const arrangement = cachedArrangement(query.data);

  if (query.isPending) {
    return <p className="p-8 text-center text-sm text-slate-500">Loading your layout...</p>;
  }
  if (query.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
        {errorMessage(query.error, 'We could not load your CV.')}
      </p>
    );
  }
  const ownOrder = arrangement.order.length === 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="mr-auto text-sm text-slate-700">
          {ownOrder
            ? "Each template shows the sections in its own order until you move one. Sections stay in their template's column."
            : "Templates show the sections in this order, each in its template's column."}
        </p>
        {!ownOrder && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => saver.change({ ...arrangement, order: [] })}
          >
            Use the template's order
          </Button>
        )}
      </div>
      <p className="min-h-5 text-sm text-slate-600" role="status">
        {SAVE_TEXT[saver.state]}
      </p>
      {saver.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {saver.error}
        </p>
      )}
      <SectionList
        key={saver.reverts}
        arrangement={arrangement}
        custom={query.data.data.customSections ?? []}
        onChange={saver.change}
      />
    </div>
  );
}

function SectionList({
  arrangement,
  custom,
  onChange,
}: {
  arrangement: CvArrangement;
  /** The user's own sections (issue 30): ordered and hidden with the others. */
  custom: readonly CvCustomSection[];
  onChange: (next: CvArrangement, delay?: number) => void;
}) {
  const keys = arrangedKeys(
    arrangement,
    custom.map((s) => s._id),
  );
  const label = labelOf(custom);
  const setShown = (key: ArrangementKey, shown: boolean) =>
    onChange({
      ...arrangement,
      hidden: shown ? arrangement.hidden.filter((k) => k !== key) : [...arrangement.hidden, key],
    });
  const setTitle = (key: SectionKey, title: string) => {
    const titles = { ...arrangement.titles };
    if (title) titles[key] = title;
    else delete titles[key];
    onChange({ ...arrangement, titles }, TITLE_SAVE_MS);
  };

  return (
    <SortableList
      ids={keys}
      nameOf={label}
      onMove={(order) => onChange({ ...arrangement, order })}
      as="ol"
      label="Your CV's sections, in order"
      className="space-y-2"
      handleClassName="h-10 w-8"
      instructions="To move a section, press Space or Enter, move it with the arrow keys, then press Space or Enter to drop it, or Escape to cancel."
    >
      {(key, parts) =>
        isCustom(key) ? (
          <SectionRow
            key={key}
            sectionKey={key}
            name={label(key)}
            parts={parts}
            shown={!arrangement.hidden.includes(key)}
            onShown={(shown) => setShown(key, shown)}
          />
        ) : (
          <SectionRow
            key={key}
            sectionKey={key}
            name={label(key)}
            parts={parts}
            shown={!arrangement.hidden.includes(key)}
            title={arrangement.titles[key] ?? ''}
            onShown={(shown) => setShown(key, shown)}
            onTitle={(title) => setTitle(key, title)}
          />
        )
      }
    </SortableList>
  );
}

function SectionRow({
  sectionKey,
  name,
  shown,
  parts: { item, handle, lifted },
  title = '',
  onShown,
  onTitle,
}: {
  sectionKey: ArrangementKey;
  name: string;
  parts: SortableParts;
  shown: boolean;
  /** A built-in section's title field; a custom section (no `onTitle`) has none. */
  title?: string;
  onShown: (shown: boolean) => void;
  onTitle?: (title: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(title);
  const invalid = !isSingleLineText(text);
  const note = isCustom(sectionKey) ? CUSTOM_ROW_NOTE : SECTION_UIS[sectionKey].layoutNote;

  return (
    <li {...item} data-section-key={sectionKey} className={cn('relative', lifted && 'z-10')}>
      <Card className={cn('p-3', lifted && 'shadow-lg ring-2 ring-brand-600/40')}>
        <div className="flex items-center gap-2">
          {handle}
          <div className="min-w-0 flex-1">
            <p
              className={cn(
                'text-sm font-semibold break-words',
                shown ? 'text-slate-900' : 'text-slate-500 line-through',
              )}
            >
              {name}
            </p>
            {note && <p className="text-xs text-slate-600">{note}</p>}
          </div>
          <SwitchButton
            label={shown ? 'Shown' : 'Hidden'}
            accessibleName={`Show ${name} on the CV`}
            checked={shown}
            onChange={onShown}
            plain
            className="w-28 shrink-0"
          />
        </div>
        {onTitle && (
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 sm:pl-10">
            <label htmlFor={id} className="text-xs font-medium text-slate-700">
              Title
            </label>
            <input
              id={id}
              aria-label={`Title of ${name}`}
              type="text"
              value={text}
              maxLength={SECTION_TITLE_MAX}
              placeholder="The template's title"
              autoComplete="off"
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              onChange={(e) => {
                setText(e.target.value);
                const next = e.target.value.trim();
                if (isSingleLineText(next)) onTitle(next);
              }}
              className={controlClass(invalid, 'h-9 min-w-0 flex-1 basis-48')}
            />
            {invalid && (
              <p id={`${id}-error`} className="w-full text-sm text-red-700">
                {UNSUPPORTED_CHARACTERS}
              </p>
            )}
          </div>
        )}
      </Card>
    </li>
  );
}
