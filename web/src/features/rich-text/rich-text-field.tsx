import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { isRichText, RICH_TEXT_LINK_REL } from '@vitae/core/rich-text';
import { cn } from '../../lib/cn.ts';
import { controlClass } from '../../components/ui/field.tsx';
import { safeHref } from './rich-text.tsx';
import './rich-text.css';

/*
 * The rich text editor of descriptions and the summary (issue 17), loaded lazily (TipTap stays
 * out of the shell: lazy-rich-text-field.tsx). It holds only what the server keeps: paragraphs,
 * line breaks, bold, italic, bullet and numbered lists, links. It reports '' when empty and
 * HTML otherwise; a plain value is shown as paragraphs and line breaks and stays plain until
 * edited, so opening a form never makes it dirty.
 */

export interface RichTextFieldProps {
  /** The id of the editable element. */
  id: string;
  /** The id of the element naming the field (its visible label). */
  labelId: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  placeholder?: string;
  rows?: number;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A stored value as the editor's content: markup as it is, plain text as paragraphs and breaks. */
export function editorContentOf(value: string): string {
  if (!value) return '';
  if (isRichText(value)) return value;
  return value
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * What someone types into the link box as a safe address: http(s) and mailto kept, a bare
 * address gets https:// and an email mailto:; anything else (javascript:, data:) is refused.
 */
export function linkAddress(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (/^[^\s@:/]+@[^\s@/]+\.[^\s@/]+$/.test(text)) return safeHref(`mailto:${text}`);
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return safeHref(text);
  return safeHref(`https://${text}`);
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl';

function ToolButton({
  label,
  shortcut,
  pressed,
  onClick,
  children,
}: {
  label: string;
  shortcut: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut.replace('Ctrl', isMac ? 'Meta' : 'Control').replace(/⌘/g, 'Meta')}
      title={`${label} (${shortcut})`}
      // Keeps the selection in the editor while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm text-slate-700 transition-colors hover:bg-slate-100 focus-visible:ring-3 focus-visible:ring-brand-600/30 focus-visible:outline-none',
        pressed && 'bg-brand-50 text-brand-800 ring-1 ring-brand-600/40',
      )}
    >
      {children}
    </button>
  );
}

const icon = 'size-4';
const BulletIcon = () => (
  <svg viewBox="0 0 20 20" className={icon} aria-hidden="true" fill="currentColor">
    <circle cx="4" cy="5" r="1.6" />
    <circle cx="4" cy="10" r="1.6" />
    <circle cx="4" cy="15" r="1.6" />
    <rect x="8" y="4.2" width="10" height="1.6" rx=".8" />
    <rect x="8" y="9.2" width="10" height="1.6" rx=".8" />
    <rect x="8" y="14.2" width="10" height="1.6" rx=".8" />
  </svg>
);
const NumberIcon = () => (
  <svg viewBox="0 0 20 20" className={icon} aria-hidden="true" fill="currentColor">
    <text x="1" y="7" fontSize="6" fontFamily="sans-serif">
      1
    </text>
    <text x="1" y="12.5" fontSize="6" fontFamily="sans-serif">
      2
    </text>
    <text x="1" y="18" fontSize="6" fontFamily="sans-serif">
      3
    </text>
    <rect x="8" y="4.2" width="10" height="1.6" rx=".8" />
    <rect x="8" y="9.2" width="10" height="1.6" rx=".8" />
    <rect x="8" y="14.2" width="10" height="1.6" rx=".8" />
  </svg>
);
const LinkIcon = () => (
  <svg
    viewBox="0 0 20 20"
    className={icon}
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
  >
    <path d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5L10 5" />
    <path d="M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1" />
  </svg>
);

/** The link box under the toolbar: the address of the selected text's link. */
function LinkBox({
  editor,
  initial,
  onClose,
}: {
  editor: Editor;
  initial: string;
  onClose: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState('');
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!text.trim()) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onClose();
      return;
    }
    const href = linkAddress(text);
    if (!href) {
      setError('Please enter a web address (https://…) or an email address.');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      chain.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    onClose();
  };
  // A form inside the section's form is not valid HTML: this is a group with its own submit.
  return (
    <div
      role="group"
      aria-label="Link"
      className="flex flex-wrap items-start gap-2 border-b border-slate-200 bg-slate-50 px-2 py-2"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          close();
        }
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          Link address
        </label>
        <input
          id={id}
          type="text"
          inputMode="url"
          autoFocus
          value={text}
          placeholder="https://example.com or name@example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError('');
          }}
          // Enter applies the link (and never submits the section's form).
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply(e);
          }}
          className={controlClass(!!error, 'h-9')}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={apply}
        className="h-9 rounded-md bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700 focus-visible:ring-3 focus-visible:ring-brand-600/30 focus-visible:outline-none"
      >
        Apply
      </button>
      {initial && (
        <button
          type="button"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
          className="h-9 rounded-md px-3 text-sm text-slate-700 hover:bg-slate-200"
        >
          Remove link
        </button>
      )}
      <button
        type="button"
        onClick={close}
        className="h-9 rounded-md px-3 text-sm text-slate-700 hover:bg-slate-200"
      >
        Cancel
      </button>
    </div>
  );
}

export default function RichTextField({
  id,
  labelId,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  required,
  placeholder,
  rows = 4,
}: RichTextFieldProps) {
  // The last value this editor reported: a different value is a reset from outside.
  const emitted = useRef(value);
  const [linking, setLinking] = useState<string | null>(null);
  const openLink = useRef<(editor: Editor) => void>(() => {});
  openLink.current = (editor) =>
    setLinking((editor.getAttributes('link').href as string | undefined) ?? '');

  // The editable element's ARIA, from the field's current state (an error, a hint); set on
  // the element itself, as ProseMirror leaves attributes it did not set alone.
  const aria: Record<string, string | undefined> = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    'aria-describedby': describedBy,
    'aria-invalid': invalid ? 'true' : undefined,
    'aria-required': required ? 'true' : undefined,
    'aria-placeholder': placeholder,
  };
  const ariaKey = JSON.stringify(aria);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        code: false,
        codeBlock: false,
        heading: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: false,
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        protocols: ['mailto'],
        isAllowedUri: (url) => safeHref(url) !== null,
        HTMLAttributes: { rel: RICH_TEXT_LINK_REL, target: null },
      }).extend({
        addKeyboardShortcuts() {
          return {
            'Mod-k': ({ editor }) => {
              openLink.current(editor);
              return true;
            },
          };
        },
      }),
    ],
    content: editorContentOf(value),
    onUpdate: ({ editor }) => {
      // The empty paragraph the editor keeps after a list (to type below it) is not content.
      const next = editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, '');
      emitted.current = next;
      onChange(next);
    },
    onBlur: () => onBlur(),
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom;
    for (const [name, v] of Object.entries(JSON.parse(ariaKey) as Record<string, string>)) {
      if (v) dom.setAttribute(name, v);
      else dom.removeAttribute(name);
    }
  }, [editor, ariaKey]);

  // A new value from outside (the form was reset, another entry opened): shown as it is.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(editorContentOf(value), { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      bullets: e?.isActive('bulletList') ?? false,
      numbered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
      empty: e?.isEmpty ?? true,
    }),
  });

  return (
    <div
      className={cn(
        'block w-full rounded-lg border bg-white shadow-xs transition-colors focus-within:ring-3',
        invalid
          ? 'border-red-500 focus-within:border-red-600 focus-within:ring-red-600/20'
          : 'border-slate-300 focus-within:border-brand-600 focus-within:ring-brand-600/20',
      )}
    >
      <div
        role="toolbar"
        aria-label="Text formatting"
        aria-controls={id}
        className="flex flex-wrap items-center gap-1 border-b border-slate-200 px-1.5 py-1"
      >
        {editor && (
          <>
            <ToolButton
              label="Bold"
              shortcut={`${MOD}+B`}
              pressed={active?.bold}
              onClick={() => editor.chain().focus().toggleBold().run()}
            >
              <span className="font-bold">B</span>
            </ToolButton>
            <ToolButton
              label="Italic"
              shortcut={`${MOD}+I`}
              pressed={active?.italic}
              onClick={() => editor.chain().focus().toggleItalic().run()}
            >
              <span className="font-serif italic">I</span>
            </ToolButton>
            <span aria-hidden="true" className="mx-1 h-5 w-px bg-slate-200" />
            <ToolButton
              label="Bullets"
              shortcut={`${MOD}+Shift+8`}
              pressed={active?.bullets}
              onClick={() => editor.chain().focus().toggleBulletList().run()}
            >
              <BulletIcon />
            </ToolButton>
            <ToolButton
              label="Numbered list"
              shortcut={`${MOD}+Shift+7`}
              pressed={active?.numbered}
              onClick={() => editor.chain().focus().toggleOrderedList().run()}
            >
              <NumberIcon />
            </ToolButton>
            <span aria-hidden="true" className="mx-1 h-5 w-px bg-slate-200" />
            <ToolButton
              label="Link"
              shortcut={`${MOD}+K`}
              pressed={active?.link}
              onClick={() => openLink.current(editor)}
            >
              <LinkIcon />
            </ToolButton>
          </>
        )}
      </div>
      {editor && linking !== null && (
        <LinkBox editor={editor} initial={linking} onClose={() => setLinking(null)} />
      )}
      <div className="relative text-base text-slate-900 sm:text-sm">
        {placeholder && active?.empty && (
          <p
            aria-hidden="true"
            className="pointer-events-none absolute top-2 left-3 text-slate-400 select-none"
          >
            {placeholder}
          </p>
        )}
        <EditorContent
          editor={editor}
          className="rich-text-host cv-rich"
          style={{ minHeight: `${rows * 1.5 + 1}rem` }}
        />
      </div>
    </div>
  );
}
