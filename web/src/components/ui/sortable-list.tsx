import { useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { cn } from '../../lib/cn.ts';

/** What an item's `<li>` takes to be sortable: spread them on it. */
export interface SortableItemProps {
  ref?: (node: HTMLElement | null) => void;
  style?: CSSProperties;
}

/** One item's parts: its `<li>` props, the handle to place in it, and whether it is lifted. */
export interface SortableParts {
  item: SortableItemProps;
  handle: ReactNode;
  lifted: boolean;
}

interface Props<T extends string> {
  ids: readonly T[];
  /** The item's short name, for "Move <name>" and the announcements. */
  nameOf: (id: T) => string;
  /** The new order, after a drop that moved something. */
  onMove: (ids: T[]) => void;
  as?: 'ul' | 'ol';
  /** The list's accessible name. */
  label: string;
  className?: string;
  /** The item that stays where it is (its form is open). */
  lockedId?: T | null;
  lockedTitle?: string;
  /** Classes placing the handle in the item (its size and look are the same everywhere). */
  handleClassName?: string;
  /** Read to screen readers when a handle takes focus. */
  instructions?: string;
  children: (id: T, parts: SortableParts) => ReactNode;
}

/**
 * A list put in order by dragging a handle with the pointer, or from the keyboard: Space or
 * Enter lifts, arrow keys move, Space or Enter drops, Escape cancels, and dnd-kit announces
 * each step to screen readers. Used by the entries of a list section and by the Layout tab's
 * sections (issue 17); dnd-kit loads only with the screens that import this.
 */
export function SortableList<T extends string>({
  ids,
  nameOf,
  onMove,
  as: List = 'ul',
  label,
  className,
  lockedId = null,
  lockedTitle,
  handleClassName,
  instructions,
  children,
}: Props<T>) {
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useMemo<Announcements>(() => {
    const name = (id: UniqueIdentifier) => (ids.includes(id as T) ? nameOf(id as T) : 'The item');
    const place = (id: UniqueIdentifier | undefined) =>
      `position ${ids.indexOf(id as T) + 1} of ${ids.length}`;
    return {
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return `Picked up ${name(active.id)}, at ${place(active.id)}.`;
      },
      // Said when the place changes (dnd-kit reports the lifted item over itself at once).
      onDragOver: ({ active, over }) => {
        if (!over || over.id === lastOver.current) return undefined;
        lastOver.current = over.id;
        return `${name(active.id)} moved to ${place(over.id)}.`;
      },
      onDragEnd: ({ active, over }) =>
        over ? `${name(active.id)} dropped at ${place(over.id)}.` : `${name(active.id)} dropped.`,
      onDragCancel: ({ active }) =>
        `Moving cancelled. ${name(active.id)} is back at ${place(active.id)}.`,
    };
  }, [ids, nameOf]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id as T);
    const to = ids.indexOf(over.id as T);
    if (from < 0 || to < 0) return;
    onMove(arrayMove([...ids], from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements,
        ...(instructions && { screenReaderInstructions: { draggable: instructions } }),
      }}
      onDragStart={({ active }) => setActiveId(active.id)}
      onDragCancel={() => setActiveId(null)}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        <List className={className} aria-label={label}>
          {ids.map((id) => (
            <SortableItem
              key={id}
              id={id}
              name={nameOf(id)}
              locked={lockedId === id}
              lockedTitle={lockedTitle}
              lifted={activeId === id}
              handleClassName={handleClassName}
            >
              {(parts) => children(id, parts)}
            </SortableItem>
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  name,
  locked,
  lockedTitle,
  lifted,
  handleClassName,
  children,
}: {
  id: string;
  name: string;
  locked: boolean;
  lockedTitle?: string;
  lifted: boolean;
  handleClassName?: string;
  children: (parts: SortableParts) => ReactNode;
}) {
  const sortable = useSortable({ id, disabled: locked });
  const handle = (
    <button
      type="button"
      ref={sortable.setActivatorNodeRef}
      {...sortable.attributes}
      {...sortable.listeners}
      disabled={locked}
      aria-label={`Move ${name}`}
      title={locked ? lockedTitle : 'Drag, or press Space, to move'}
      className={cn(
        'inline-flex h-9 w-7 shrink-0 touch-none items-center justify-center rounded-md text-slate-500',
        'hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600',
        'disabled:cursor-not-allowed disabled:opacity-40',
        locked ? '' : lifted ? 'cursor-grabbing' : 'cursor-grab',
        handleClassName,
      )}
    >
      <GripIcon />
    </button>
  );
  const item: SortableItemProps = {
    ref: sortable.setNodeRef,
    style: {
      transform: CSS.Translate.toString(sortable.transform),
      transition: sortable.transition,
    },
  };
  return children({ item, handle, lifted });
}

/** Six dots: the usual "drag me" mark. */
function GripIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" fill="currentColor" aria-hidden="true">
      {[5, 10, 15].flatMap((y) => [
        <circle key={`a${y}`} cx="7" cy={y} r="1.6" />,
        <circle key={`b${y}`} cx="13" cy={y} r="1.6" />,
      ])}
    </svg>
  );
}
