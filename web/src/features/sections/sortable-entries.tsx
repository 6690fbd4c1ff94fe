import { Fragment, type ReactNode } from 'react';
import { SECTIONS, type SectionKey } from '@vitae/core/sections/index';
import {
  SortableList,
  type SortableItemProps as ListItemProps,
} from '../../components/ui/sortable-list.tsx';
import { cn } from '../../lib/cn.ts';
import { useReorderEntries, type Entry } from './api.ts';

/**
 * What a failed reorder says (ours, issue 17: docs/api-deviations.md); the list goes back as it
 * was.
 */
export const REORDER_FAILED = 'Failed to save the new order. Please try again.';

/** What an entry's `<li>` takes to be sortable: spread them on it. */
export type SortableItemProps = ListItemProps & { className?: string };

/** One entry's card parts: its `<li>` props and the handle (null when there is nothing to move). */
export interface SortableParts {
  item: SortableItemProps;
  handle: ReactNode;
}

interface Props {
  sectionKey: SectionKey;
  /** "Your skill entries": the list's accessible name. */
  label: string;
  entries: Entry[];
  /** The entry's short name, for "Move <name>" and the announcements. */
  nameOf: (entry: Entry) => string;
  /** The entry whose form is open: it stays where it is until the form closes. */
  lockedId: string | null;
  onError: (message: string) => void;
  /** One entry's `<li>`, given its sortable props and the handle to place in it. */
  children: (entry: Entry, parts: SortableParts) => ReactNode;
}

/**
 * A list section's entries in the user's order (issue 17), put in order by dragging a handle
 * with the pointer, or from the keyboard: Space or Enter lifts, arrow keys move, Space or
 * Enter drops, Escape cancels; dnd-kit announces each step to screen readers.
 */
export function SortableEntries({
  sectionKey,
  label,
  entries,
  nameOf,
  lockedId,
  onError,
  children,
}: Props) {
  const reorder = useReorderEntries(sectionKey, SECTIONS[sectionKey].cv.field);
  const byId = new Map(entries.map((e) => [e._id, e]));

  // One entry has nowhere to go: no handle, and no drag context (nor its live region).
  if (entries.length < 2) {
    return (
      <ul className="space-y-3" aria-label={label}>
        {entries.map((entry) => (
          <Fragment key={entry._id}>{children(entry, { item: {}, handle: null })}</Fragment>
        ))}
      </ul>
    );
  }
  return (
    <SortableList
      ids={entries.map((e) => e._id)}
      nameOf={(id) => nameOf(byId.get(id)!)}
      onMove={(ids) => reorder.mutate(ids, { onError: () => onError(REORDER_FAILED) })}
      label={label}
      className="space-y-3"
      lockedId={lockedId}
      lockedTitle="Close the form to move this entry"
      // On a phone the card's top-right corner (Edit and Delete sit below); beside the text from sm.
      handleClassName="absolute top-2 right-2 sm:static sm:-my-1 sm:-ml-2"
    >
      {(id, { item, handle, lifted }) =>
        children(byId.get(id)!, {
          item: { ...item, className: cn('relative', lifted && 'z-10 opacity-90 shadow-lg') },
          handle,
        })
      }
    </SortableList>
  );
}
