/**
 * REPORT.md's account of the register's lawful readings as code: for each entry whose choice changes result bytes,
 * every other reading the contract allows that fails closed, how the oracle runs it (a switch of the pipeline, the
 * bytes of another reading on every input, an acceptance rule it enumerates, or not yet), and whether a provider
 * following it is accepted (the entry's named alternative) or can fail the gate (with the entry's law_because). A
 * lawful reading the kit cannot run yet is listed and counted, never left out.
 */
import { markdownCell, type RegisterEntry, type RegisterReading } from '../../oracle/index.js';
import { markdownCode, readingRun, readingSwitch, type ReadingRun } from '../../oracle/internal.js';

/** One lawful reading besides an entry's choice. */
export interface LawfulReading {
  entry: RegisterEntry;
  reading: RegisterReading;
  run: ReadingRun;
  /** The entry's named alternative accepts it. */
  accepted: boolean;
  /** A provider following it can fail the gate: not accepted, and not the chosen bytes on every input. */
  canFail: boolean;
}

/** Every lawful reading besides the choice of every entry that changes result bytes, in register order. */
export function lawfulReadings(register: readonly RegisterEntry[]): LawfulReading[] {
  return register.flatMap((entry) =>
    !entry.changes_result_bytes
      ? []
      : entry.readings
          .filter((r) => r.contract_allows && r.fails_closed && r.label !== entry.choice)
          .map((reading) => {
            const run = readingRun(entry.id, reading.label);
            const accepted = entry.alternative_outcome?.reading === reading.label && run.kind !== 'cannot';
            const same = run.kind === 'same-as' && run.as === entry.choice;
            return { entry, reading, run, accepted, canFail: !accepted && !same };
          }),
  );
}

function howItRuns(l: LawfulReading): string {
  const s = readingSwitch(l.entry.id);
  const at = s === undefined ? '' : ` (${markdownCode(s.name)} in ${markdownCode(s.where)})`;
  switch (l.run.kind) {
    case 'runs':
      return `a switch${at}`;
    case 'same-as':
      return `the bytes of ${l.run.as} on every input${at}: ${markdownCell(l.reading.same_bytes_because ?? '')}`;
    case 'rule':
      return `an acceptance rule${at}, one answer per member: ${l.run.members.map(markdownCode).join(', ')}`;
    case 'cannot':
      return l.reading.open_set === true
        ? 'not yet: names no single answer, and the kit does not enumerate it'
        : 'not yet';
  }
}

/** The section's lines. */
export function renderLawfulReadings(register: readonly RegisterEntry[]): string[] {
  const all = lawfulReadings(register);
  const count = (p: (l: LawfulReading) => boolean): number => all.filter(p).length;
  const entries = register.filter((e) => e.changes_result_bytes).length;
  const out = [
    '### Lawful readings as code',
    '',
    `The ${entries} entries whose choice changes result bytes name ${all.length} other readings the contract ` +
      `allows that fail closed. The register's \`choice\` selects among the readings the oracle runs (a switch ` +
      'in the pipeline step the choice belongs to; `vectors check` refuses a choice it cannot run), and a named ' +
      "alternative is computed by running the oracle under the alternative's reading, for the vectors and for " +
      `every phase of a gate run. Of the other readings: the oracle runs ${count((l) => l.run.kind === 'runs')} as ` +
      `switches and ${count((l) => l.run.kind === 'rule')} as acceptance rules; ` +
      `${count((l) => l.run.kind === 'same-as')} give the chosen reading's bytes on every input; ` +
      `**${count((l) => l.run.kind === 'cannot')} the kit cannot run yet**. ${count((l) => l.accepted)} are ` +
      `accepted as named alternatives; **a provider following any of the other ${count((l) => l.canFail)} can ` +
      'fail the gate**, for the reason the entry gives (law_because).',
    '',
    '| entry | reading | the oracle runs it | a provider following it |',
    '|---|---|---|---|',
  ];
  for (const l of all) {
    const verdict = l.accepted
      ? `accepted: ${markdownCode(l.entry.alternative_outcome?.name ?? '')}`
      : l.canFail
        ? `can fail: ${markdownCell(l.entry.law_because ?? '')}`
        : 'passes (the same bytes)';
    out.push(
      `| ${markdownCode(l.entry.id)} | ${markdownCell(`${l.reading.label}: ${l.reading.text}`)} ` +
        `| ${howItRuns(l)} | ${verdict} |`,
    );
  }
  out.push('');
  return out;
}
