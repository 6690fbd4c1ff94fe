import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** Drag-and-drop handlers that hand over the first dropped file; `over` while one hovers. */
export function useFileDrop(onFile: (file: File | undefined) => void) {
  const [over, setOver] = useState(false);
  const dropProps = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      onFile(e.dataTransfer.files[0]);
    },
  };
  return { over, dropProps };
}

/**
 * A dashed zone that takes a dropped file, or opens the file picker on click, Enter or
 * Space. The hidden input keeps `inputId`, so a `<label htmlFor>` (or `inputLabel`,
 * read by screen readers only) names it. The input is emptied after each choice so
 * choosing the same file again still reports it.
 */
export function DropZone({
  inputId,
  accept,
  onFile,
  children,
  inputLabel,
  invalid = false,
  className,
  describedBy,
  testId,
}: {
  inputId: string;
  accept: string;
  onFile: (file: File | undefined) => void;
  children: ReactNode;
  inputLabel?: string;
  invalid?: boolean;
  /** Extra classes of the zone, e.g. its padding. */
  className?: string;
  describedBy?: string;
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { over, dropProps } = useFileDrop(onFile);
  return (
    <>
      <div
        role="button"
        tabIndex={0}
        aria-describedby={describedBy}
        data-testid={testId}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            input.current?.click();
          }
        }}
        {...dropProps}
        className={cn(
          'cursor-pointer rounded-lg border-2 border-dashed text-center focus-visible:outline-2 focus-visible:outline-brand-600',
          className,
          over ? 'border-brand-600 bg-brand-50' : invalid ? 'border-red-500' : 'border-slate-300',
        )}
      >
        {children}
      </div>
      {inputLabel && (
        <label htmlFor={inputId} className="sr-only">
          {inputLabel}
        </label>
      )}
      <input
        id={inputId}
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
