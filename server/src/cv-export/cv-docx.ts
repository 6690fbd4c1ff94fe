/**
 * A CV document (cv-document.ts) as a Word file, with the `docx` library: the name is Heading 1,
 * each section Heading 2 and each entry Heading 3 (Word's navigation pane and a screen reader
 * list them), lists are real Word bullet and numbered lists, links are hyperlinks, and the
 * photo, when asked for, sits above the name.
 */
import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  TextRun,
  type ParagraphChild,
} from 'docx';
import type { CvDocument, DocItem } from './cv-document.ts';
import type { Run } from './rich-blocks.ts';

/** The photo as the document embeds it: a JPEG and its size in pixels at 96 to the inch. */
export interface DocPhoto {
  data: Buffer;
  width: number;
  height: number;
}

const BULLETS = 'cv-bullets';
const NUMBERS = 'cv-numbers';
const ACCENT = '1F3A5F';
const MUTED = '555555';
const indent = { left: 720, hanging: 360 };

function runsOf(runs: Run[], extra: { italics?: boolean; color?: string } = {}): ParagraphChild[] {
  return runs.map((run) => {
    const look = {
      text: run.text,
      bold: run.bold,
      italics: run.italic || extra.italics,
      color: extra.color,
    };
    return run.link
      ? new ExternalHyperlink({
          link: run.link,
          children: [new TextRun({ ...look, style: 'Hyperlink' })],
        })
      : new TextRun(look);
  });
}

/** Numbered lists restart at 1: each takes an instance of its own. */
function blockParagraphs(item: DocItem, nextList: () => number): Paragraph[] {
  if (item.kind === 'paragraph') {
    return [
      new Paragraph({ children: runsOf(item.runs), spacing: { after: item.line ? 20 : 80 } }),
    ];
  }
  if (item.kind === 'list') {
    const instance = nextList();
    return item.items.map(
      (runs) =>
        new Paragraph({
          children: runsOf(runs),
          numbering: { reference: item.ordered ? NUMBERS : BULLETS, level: 0, instance },
        }),
    );
  }
  const heading = item.title || item.subtitle;
  const under = [item.title ? item.subtitle : '', item.dates].filter(Boolean).join(' · ');
  return [
    ...(heading ? [new Paragraph({ text: heading, heading: HeadingLevel.HEADING_3 })] : []),
    ...(under
      ? [
          new Paragraph({
            children: runsOf([{ text: under }], { italics: true, color: MUTED }),
            spacing: { after: 60 },
          }),
        ]
      : []),
    ...item.body.flatMap((block) => blockParagraphs(block, nextList)),
  ];
}

/** The .docx file of a CV. */
export async function cvDocx(doc: CvDocument, photo: DocPhoto | null): Promise<Buffer> {
  let lists = 0;
  const nextList = () => ++lists;
  const children: Paragraph[] = [];
  if (photo) {
    children.push(
      new Paragraph({
        children: [
          new ImageRun({
            type: 'jpg',
            data: photo.data,
            transformation: { width: photo.width, height: photo.height },
            altText: {
              name: 'Photo',
              description: doc.name ? `Photo of ${doc.name}` : 'Photo',
              title: 'Photo',
            },
          }),
        ],
      }),
    );
  }
  if (doc.name) children.push(new Paragraph({ text: doc.name, heading: HeadingLevel.HEADING_1 }));
  if (doc.headline) {
    children.push(
      new Paragraph({
        children: [new TextRun({ text: doc.headline, size: 26, color: MUTED })],
        spacing: { after: 120 },
      }),
    );
  }
  for (const line of doc.contact) {
    children.push(new Paragraph({ children: runsOf(line), spacing: { after: 20 } }));
  }
  for (const section of doc.sections) {
    children.push(new Paragraph({ text: section.title, heading: HeadingLevel.HEADING_2 }));
    for (const item of section.items) children.push(...blockParagraphs(item, nextList));
  }

  const document = new Document({
    title: doc.name ? `${doc.name} CV` : 'CV',
    creator: 'Vitae',
    styles: {
      default: {
        document: { run: { font: 'Calibri', size: 22 } },
        heading1: {
          run: { font: 'Calibri', size: 40, bold: true, color: ACCENT },
          paragraph: { spacing: { after: 60 } },
        },
        heading2: {
          run: { font: 'Calibri', size: 28, bold: true, color: ACCENT },
          paragraph: {
            spacing: { before: 280, after: 120 },
            border: { bottom: { style: 'single', size: 6, color: ACCENT, space: 2 } },
            keepNext: true,
          },
        },
        heading3: {
          run: { font: 'Calibri', size: 23, bold: true },
          paragraph: { spacing: { before: 160, after: 20 }, keepNext: true },
        },
      },
    },
    numbering: {
      config: [
        {
          reference: BULLETS,
          levels: [
            {
              level: 0,
              format: LevelFormat.BULLET,
              text: '\u2022',
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent } },
            },
          ],
        },
        {
          reference: NUMBERS,
          levels: [
            {
              level: 0,
              format: LevelFormat.DECIMAL,
              text: '%1.',
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent } },
            },
          ],
        },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}
