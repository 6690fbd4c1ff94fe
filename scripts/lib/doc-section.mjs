// Replaces one `## heading` section of a Markdown file (up to the next `## ` heading),
// or appends it, so several scripts can share docs/benchmarks.md without erasing each other.
import fs from 'node:fs';

/** @param {string} file @param {string} heading without the `## ` @param {string} body */
export function writeDocSection(file, heading, body) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const parts = text.split(/^(?=## )/m);
  const section = `## ${heading}\n\n${body.trim()}\n\n`;
  const at = parts.findIndex((p) => p.startsWith(`## ${heading}\n`));
  if (at >= 0) parts[at] = section;
  else parts.push((parts.at(-1)?.endsWith('\n\n') ? '' : '\n') + section);
  fs.writeFileSync(file, parts.join('').replace(/\n+$/, '\n'));
}
