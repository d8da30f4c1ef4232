/**
 * Text made safe for one cell of a Markdown table: no line break, no `|` that would
 * split the cell, no backtick, emphasis, link or HTML syntax that would change how
 * the rest of the document renders. Used for every piece of text REPORT.md takes
 * from a file (clause text, intents, register entries).
 */

const SPECIAL = /[\\`*_[\]|~]/g;

/** Escapes `text` for a Markdown table cell. */
export function markdownCell(text: string): string {
  return text
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`)
    .replace(SPECIAL, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** An inline code span for an identifier the kit controls (ids, digests); anything else is escaped as text. */
export function markdownCode(id: string): string {
  return /^[A-Za-z0-9./:_-]+$/.test(id) ? `\`${id}\`` : markdownCell(id);
}
