/**
 * A provider fault as one line for reasons and NOT-RUN judgements. A provider that cannot start is diagnosed
 * mostly by what it wrote to stderr (PROTOCOL.md), so its last stderr lines come along, bounded; every sink
 * escapes the line for its own context.
 */
import { clip } from '../../oracle/internal.js';
import type { ProviderFault } from '../adapters/provider-connection.js';

/** How much of a start fault's stderr a reason carries. */
const MAX_STDERR_CHARS = 600;

/** The fault as text: the provider's code and message, and for a fault without an answer its stderr tail. */
export function describeFault(fault: ProviderFault): string {
  if (fault.kind === 'provider-error') return `${fault.code}: ${fault.message}`;
  // A reason is text that every sink escapes for itself, so the tail is decoded here (an undecodable byte becomes
  // U+FFFD); the judgement's own stderr_tail keeps the bytes (judge-vector.ts).
  const tail = Buffer.from(fault.stderrTail)
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(-5)
    .join(' | ');
  return tail === '' ? fault.message : `${fault.message}; stderr: ${clip(tail, MAX_STDERR_CHARS)}`;
}
