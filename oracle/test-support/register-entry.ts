/**
 * A register entry for the kit's tests of readings: readings A, B and C, each allowed and failing closed, no
 * alternative, and a choice that changes result bytes; `over` changes any field.
 */
import type { RegisterEntry } from '../register/interpretations-register.js';

/** An entry `id` of clause `clause`, choosing `choice`. */
export function registerEntry(
  id: string,
  clause: string,
  choice: string,
  over: Partial<RegisterEntry> = {},
): RegisterEntry {
  return {
    id,
    title: 't',
    question: 'q',
    clauses: [clause],
    readings: ['A', 'B', 'C'].map((label) => ({
      label,
      text: label,
      contract_allows: true,
      lines: ['L1'],
      fails_closed: true,
    })),
    choice,
    why: 'w',
    notes: [],
    fails_closed: true,
    alternative_outcome: null,
    changes_result_bytes: true,
    ...over,
  };
}
