// The rich-text feature's front door: other features import from here only.
export { LazyRichTextField } from './lazy-rich-text-field.tsx';
export { RichText } from './rich-text.tsx';
