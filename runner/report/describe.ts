/**
 * Short descriptions shared by the text reports. Every provider-controlled part is
 * escaped here, once, for the sink the caller names, so a renderer may print the result
 * as is.
 */
import type { ProviderIdentity } from '../adapters/provider-connection.js';
import type { DifferenceClass, ReorderedArray } from '../judge/classify-difference.js';
import { escapeFor, escapeText, type EscapeContext } from '../../oracle/index.js';

/** `name version (adapter)`, or `no provider started`. */
export function describeProvider(provider: ProviderIdentity | null): string {
  if (provider === null) return 'no provider started';
  return `${escapeText(provider.name)} ${escapeText(provider.version)} (${provider.adapter})`;
}

/** One line of a difference's description, escaped for its sink, at a nesting depth (0 is the headline). */
export interface DescribedLine {
  depth: number;
  text: string;
}

/**
 * Kit text for `sink`: it holds no provider byte, but `*` or `<` still mean something to Markdown and HTML (and it
 * holds no backslash or control character, which the base rule would change).
 */
function kit(sink: EscapeContext, text: string): string {
  return escapeFor(sink, text);
}

/** A JSON pointer (the provider's keys) for `sink`; the root pointer is named. */
function pointer(sink: EscapeContext, p: string): string {
  return p === '' ? kit(sink, '(root)') : escapeFor(sink, p);
}

/** The one-line summary of a difference (an annotation, a heading), escaped for `sink`. */
export function differenceSummary(d: DifferenceClass, sink: EscapeContext): string {
  switch (d.kind) {
    case 'layout':
      return kit(sink, `layout only: the same JSON value in other bytes from byte offset ${d.offset}`);
    case 'order':
      return `${kit(sink, 'order only at ')}${d.pointers.map((p) => pointer(sink, p)).join(kit(sink, ', '))}`;
    case 'values':
      return (
        `${kit(sink, 'values differ at ')}${d.pointers.map((p) => pointer(sink, p)).join(kit(sink, ', '))}` +
        kit(sink, d.more > 0 ? ` and ${d.more} more` : '')
      );
    case 'not-json':
      return kit(sink, 'not JSON text (or not UTF-8)');
  }
}

/**
 * How actual bytes differ from the expected ones, as lines escaped once for `sink`:
 *
 * - layout only (KD-CANON-*): the first differing byte offset, then the text of each side around it with every space
 *   shown as `·` and every line feed as `\n`, so a 2- against a 4-space indent reads differently in every sink;
 * - order only (KD-ORDER-*): each reordered array's JSON pointer, then the expected and the actual order of its
 *   elements' identities from where they part (element-identity.ts), not a line diff;
 * - values: the JSON pointers at which they differ.
 */
export function differenceLines(d: DifferenceClass, sink: EscapeContext): DescribedLine[] {
  switch (d.kind) {
    case 'layout': {
      const marks = { visibleWhitespace: true };
      const side = (label: string, context: string, length: number): DescribedLine => {
        const before = d.context_start > 0 ? '…' : '';
        const after = d.context_start + Buffer.byteLength(context, 'utf8') < length ? '…' : '';
        const text = escapeFor(sink, context, undefined, marks);
        return { depth: 1, text: `${kit(sink, `${label} (${length} bytes): ${before}`)}${text}${kit(sink, after)}` };
      };
      // The legend shows the marks as this sink writes them.
      const space = escapeFor(sink, ' ', undefined, marks);
      const lineFeed = escapeFor(sink, '\n', undefined, marks);
      const head = `layout only: the same JSON value in other bytes from byte offset ${d.offset} (KD-CANON-*); `;
      return [
        {
          depth: 0,
          text: `${kit(sink, `${head}a space shows as `)}${space}${kit(sink, ', a line feed as ')}${lineFeed}`,
        },
        side('expected', d.expected_context, d.expected_length),
        side('actual', d.actual_context, d.actual_length),
      ];
    }
    case 'order': {
      const lines: DescribedLine[] = [
        {
          depth: 0,
          text: `${differenceSummary(d, sink)}${kit(sink, ': the same values in another order (KD-ORDER-*)')}`,
        },
      ];
      for (const array of d.arrays) lines.push(...orderLines(array, sink));
      return lines;
    }
    case 'values':
    case 'not-json':
      return [{ depth: 0, text: differenceSummary(d, sink) }];
  }
}

/** One reordered array: its pointer and size, then both orders of its identities from where they part. */
function orderLines(array: ReorderedArray, sink: EscapeContext): DescribedLine[] {
  const shown = array.expected.length;
  const rest = array.length - array.from - shown;
  const order = (ids: readonly string[]): string =>
    ids.map((id) => escapeFor(sink, id)).join(kit(sink, ', ')) + kit(sink, rest > 0 ? `, … (${rest} more)` : '');
  return [
    {
      depth: 1,
      text:
        `${pointer(sink, array.pointer)}` +
        kit(sink, `: ${array.length} elements, the orders part at index ${array.from}; from there:`),
    },
    { depth: 2, text: `${kit(sink, 'expected: ')}${order(array.expected)}` },
    { depth: 2, text: `${kit(sink, 'actual:   ')}${order(array.actual)}` },
  ];
}
