/**
 * `kofun-ctk digest`: the interface-set digest (KD-KEY-04, KD-DIGEST-02..11) of a JSON
 * array of members read from stdin, printed as 64 lowercase hex characters and LF. The
 * input is a tool input, not a canonical record, so ordinary JSON is accepted; each member
 * must have exactly the fields package_id, module_id, view and semantic_digest.
 */
import type { Command } from 'commander';
import { EXIT, UsageError, writeAll } from '../io/cli-io.js';
import { readBounded } from '../io/read-bounded.js';
import { escapeText, interfaceSetDigest, type InterfaceMember } from '../../oracle/index.js';
import { formatJsonInputProblem, parseJsonInput } from '../../oracle/internal.js';
import type { Register } from '../io/cli-io.js';

/** Input cap: 4,096 members of about 250 bytes each fit many times over. */
const MAX_INPUT_BYTES = 4 * 1024 * 1024;
const FIELDS = ['package_id', 'module_id', 'view', 'semantic_digest'] as const;

export const registerDigest: Register = (program: Command, io, done) => {
  program
    .command('digest')
    .description(
      'print the interface-set digest of a JSON array of ' +
        '{"package_id","module_id","view":"public"|"internal","semantic_digest"} read from stdin',
    )
    .action(async () => {
      const input = await readBounded(io.stdin, MAX_INPUT_BYTES);
      if (!input.ok) throw new UsageError(`digest: input is larger than ${MAX_INPUT_BYTES} bytes`);
      const members = parseMembers(input.bytes);
      const result = interfaceSetDigest(members);
      if (!result.ok) {
        const v = result.violation;
        const field = v.pointer?.split('/')[2];
        throw new UsageError(
          `digest: member ${v.member}${field !== undefined ? ` field ${field}` : ''}: ${v.message} ` +
            `(${v.code}, ${v.clause})`,
        );
      }
      await writeAll(io.stdout, `${result.digest}\n`);
      done(EXIT.ok);
    });
};

function parseMembers(bytes: Uint8Array): InterfaceMember[] {
  const parsed = parseJsonInput(bytes);
  if (!parsed.ok) {
    const what =
      parsed.problem.code === 'utf8' ? 'is not UTF-8' : parsed.problem.code === 'syntax' ? 'is not JSON' : 'is refused';
    throw new UsageError(`digest: input ${what}: ${escapeText(formatJsonInputProblem(parsed.problem))}`);
  }
  const value = parsed.value;
  if (!Array.isArray(value)) throw new UsageError('digest: input must be a JSON array of members');
  return value.map((m: unknown, i) => {
    if (m === null || typeof m !== 'object' || Array.isArray(m))
      throw new UsageError(`digest: member ${i}: must be an object`);
    const record = m as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (!(FIELDS as readonly string[]).includes(key))
        throw new UsageError(`digest: member ${i}: unknown field ${JSON.stringify(key).slice(0, 80)}`);
    }
    for (const field of FIELDS) {
      if (!Object.hasOwn(record, field)) throw new UsageError(`digest: member ${i} field ${field}: missing`);
      if (typeof record[field] !== 'string')
        throw new UsageError(`digest: member ${i} field ${field}: must be a string`);
    }
    return record as unknown as InterfaceMember;
  });
}
