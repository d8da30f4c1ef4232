/**
 * Short descriptions shared by the text reports. Every provider-controlled part is
 * escaped here, so a renderer may print the result as is.
 */
import type { ProviderIdentity } from '../adapters/provider-connection.js';
import type { DifferenceClass } from '../judge/classify-difference.js';
import { escapeText } from '../../oracle/index.js';

/** `name version (adapter)`, or `no provider started`. */
export function describeProvider(provider: ProviderIdentity | null): string {
  if (provider === null) return 'no provider started';
  return `${escapeText(provider.name)} ${escapeText(provider.version)} (${provider.adapter})`;
}

/** One line on how actual bytes differ from the expected ones. */
export function describeDifference(d: DifferenceClass): string {
  switch (d.kind) {
    case 'layout':
      // Contexts are escaped bytes already (classify-difference.ts).
      return (
        `layout only: the same JSON value, other bytes from byte offset ${d.offset} (KD-CANON-*): ` +
        `expected "${d.expected_context}" (${d.expected_length} bytes), ` +
        `actual "${d.actual_context}" (${d.actual_length} bytes)`
      );
    case 'order':
      return (
        `order only: equal as multisets, arrays reordered ` +
        `at ${d.pointers.map((p) => escapeText(p || '(root)')).join(', ')} (KD-ORDER-*)`
      );
    case 'values':
      return (
        `values differ ` +
        `at ${d.pointers.map((p) => escapeText(p || '(root)')).join(', ')}${d.more > 0 ? ` and ${d.more} more` : ''}`
      );
    case 'not-json':
      return 'not JSON text (or not UTF-8)';
  }
}
