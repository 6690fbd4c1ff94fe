import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  UNSUPPORTED_CHARACTERS,
  idParams,
  isMultiLineText,
  isSingleLineText,
  multiLineText,
  singleLineText,
  stripUnsupported,
} from './text.ts';
import { registerSchema } from './auth.ts';
import { noteSchema, browseQuerySchema } from './hr.ts';
import { shareCvSchema } from './share.ts';
import { SECTIONS } from './sections/index.ts';

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const C1_AND_DEL = Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i));
const LINES = ['\t', '\n', '\r'];
const REFUSED_EVERYWHERE = [
  ...C0.filter((c) => !LINES.includes(c)),
  ...C1_AND_DEL,
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
];

describe('isSingleLineText / isMultiLineText', () => {
  it('refuse every C0 and C1 control, DEL, U+FFFE/U+FFFF and a lone surrogate', () => {
    for (const c of REFUSED_EVERYWHERE) {
      expect(isSingleLineText(`a${c}b`), JSON.stringify(c)).toBe(false);
      expect(isMultiLineText(`a${c}b`), JSON.stringify(c)).toBe(false);
    }
  });

  it('let tab and line breaks through only on multi-line text', () => {
    for (const c of LINES) {
      expect(isSingleLineText(`a${c}b`)).toBe(false);
      expect(isMultiLineText(`a${c}b`)).toBe(true);
    }
  });

  it('accept whole surrogate pairs, emoji, RTL and combining marks', () => {
    for (const s of ['👩‍👩‍👧‍👦', '\ud83d\ude00', 'مرحبا', 'שלום', 'e\u0301', 'Zoë', '\u2028', '中文']) {
      expect(isSingleLineText(s), s).toBe(true);
      expect(isMultiLineText(s), s).toBe(true);
    }
  });

  it('accept any printable text, and refuse it once a refused character is put anywhere in it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.nat(),
        fc.constantFrom(...REFUSED_EVERYWHERE),
        (text, at, bad) => {
          expect(isSingleLineText(text)).toBe(true);
          const i = at % (text.length + 1);
          expect(isMultiLineText(text.slice(0, i) + bad + text.slice(i))).toBe(false);
        },
      ),
      { seed: 20_251_112 },
    );
  });
});

describe('stripUnsupported', () => {
  it('removes what a single-line field refuses and keeps the rest', () => {
    expect(stripUnsupported('Mozilla\u0085/5.0\u0000 (X11)\t\ud800😀')).toBe('Mozilla/5.0 (X11)😀');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) =>
        isSingleLineText(stripUnsupported(s)),
      ),
      { seed: 20_251_112 },
    );
  });
});

describe('singleLineText and multiLineText', () => {
  const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues[0]?.message;

  it('trim a one-line value before judging it, so a pasted trailing newline is dropped', () => {
    expect(singleLineText().parse('  Chess\n')).toBe('Chess');
    expect(first(singleLineText().safeParse('Che\nss'))).toBe(UNSUPPORTED_CHARACTERS);
  });

  it('keep a multi-line value as sent', () => {
    expect(multiLineText().parse(' a\n\tb\r\n')).toBe(' a\n\tb\r\n');
    expect(first(multiLineText().safeParse('a\u0000'))).toBe(UNSUPPORTED_CHARACTERS);
  });

  it('use the given message for a missing value', () => {
    expect(first(singleLineText('Name is required').safeParse(undefined))).toBe('Name is required');
  });

  it('refuse a NUL in a path id', () => {
    expect(first(idParams.safeParse({ id: '\u0000' }))).toBe(UNSUPPORTED_CHARACTERS);
    expect(idParams.parse({ id: '0123456789abcdef01234567' })).toEqual({
      id: '0123456789abcdef01234567',
    });
  });
});

describe('the shared schemas', () => {
  const messagesOf = (r: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

  it('refuse control characters in one-line section fields with the one message', () => {
    const r = SECTIONS['personal-info'].schema.safeParse({ fullName: 'Th\u0000andi' });
    expect(messagesOf(r)).toEqual({ fullName: UNSUPPORTED_CHARACTERS });
  });

  it('keep newlines and tabs in descriptions, notes and share messages', () => {
    const text = 'First line\n\tSecond line';
    expect(SECTIONS.experience.schema.parse({ title: 'Dev', description: text }).description).toBe(
      text,
    );
    expect(SECTIONS['personal-summary'].schema.parse({ content: text }).content).toBe(text);
    expect(noteSchema.parse({ content: text }).content).toBe(text);
    const share = shareCvSchema.parse({
      curriculumVitaeID: '0123456789abcdef01234567',
      subject: 'My CV',
      message: text,
      recipients: [{ email: 'a@example.com' }],
    });
    expect(share.message).toBe(text);
  });

  it('refuse a bell in a description and a NUL in a note, a search or a subject', () => {
    expect(
      messagesOf(SECTIONS.experience.schema.safeParse({ title: 'Dev', description: 'a\u0007' })),
    ).toEqual({ description: UNSUPPORTED_CHARACTERS });
    expect(messagesOf(noteSchema.safeParse({ content: 'a\u0000' }))).toEqual({
      content: UNSUPPORTED_CHARACTERS,
    });
    expect(messagesOf(browseQuerySchema.safeParse({ search: '\u0000' }))).toEqual({
      search: UNSUPPORTED_CHARACTERS,
    });
    expect(
      messagesOf(
        shareCvSchema.safeParse({
          curriculumVitaeID: '0123456789abcdef01234567',
          subject: 'Hi\u0000',
          message: 'ok',
          recipients: [{ email: 'a@example.com' }],
        }),
      ),
    ).toEqual({ subject: UNSUPPORTED_CHARACTERS });
  });

  it('keep the product’s messages for everything else', () => {
    const r = registerSchema.safeParse({
      fullName: '',
      email: 'x',
      password: 'abc',
      password2: 'abc',
      affiliatceIntroCode: 'CODE\u0000',
    });
    expect(messagesOf(r)).toEqual({
      fullName: 'Please enter your full name',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters long',
      affiliatceIntroCode: UNSUPPORTED_CHARACTERS,
    });
    expect(
      messagesOf(SECTIONS.skill.schema.safeParse({ skill: 'x'.repeat(101), proficiency: 3 })),
    ).toEqual({ skill: 'Skill must be 100 characters or less' });
  });
});
