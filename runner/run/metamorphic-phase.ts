/**
 * The metamorphic phase (KD-ORDER-12, KD-KEY-07): a seeded sample of the query vectors that answered is sent again,
 * against three variants of each fixture (metamorphic-variant.ts: every order reversed, rotated by one, and shuffled
 * from the seed), to other instances started from a fresh working directory, and judged against the vector's own
 * answer (judge/judge-metamorphic.ts); the first variant that gives other bytes fails the vector, and the later ones
 * are not sent. A variant cut short by the interruption is no evidence either way: the base judgement stands.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../../oracle/index.js';
import { judgeVariant, passingBytes, withMetamorphic } from '../judge/judge-metamorphic.js';
import { notRunJudgement } from '../judge/judge-vector.js';
import { VARIANT_KINDS, type MetamorphicOutcome, type VariantKind, type VectorJudgement } from '../judge/verdict.js';
import type { GatePhase } from './gate-run.js';
import { LanePool } from './lane-pool.js';
import { fixtureVariant, orderVariant, sampleIds, variantSeed } from './metamorphic-variant.js';

/** A fixture's metamorphic variant in one run: its kind, bytes and SHA-256 (the name a provider loads it by). */
interface Variant {
  kind: VariantKind;
  bytes: Uint8Array;
  sha256: string;
}

/** Runs the metamorphic phase, when the plan samples any vector and one answered. */
export const metamorphicPhase: GatePhase = async (run, findings) => {
  const { sample, seed } = run.plan.metamorphic;
  const abort = run.sinks.abort;
  const launchers = run.resources.launchers;
  // Only answered vectors are sampled, and a run without a provider answers none.
  if (sample === 0 || findings.answered.size === 0 || abort?.aborted === true || launchers === null) return findings;
  const set = run.resources.vectors.vectorSet;
  const judgements = new Map(findings.judgements);
  const changedFiles = new Set(findings.changedFiles);
  const sampled = sampleIds([...findings.answered.keys()].sort(), sample, seed);
  const todo = run.order.filter((v) => sampled.has(v.id));
  const total = todo.length;
  const folder = mkdtempSync(join(tmpdir(), 'kofun-ctk-metamorphic-'));
  const lanes = new LanePool(run.plan.base.jobs, launchers.metamorphicLauncher, run.instances, folder);
  let done = 0;
  // Vectors go out grouped by fixture: the variants of the fixtures in flight (one per lane) are made once each.
  const variants = new Map<string, { seed: number; variants: Variant[] }>();
  const variantsOf = (fixtureSha256: string, fixtureBytes: Uint8Array): { seed: number; variants: Variant[] } => {
    const known = variants.get(fixtureSha256);
    if (known !== undefined) return known;
    const variantSeedOf = variantSeed(seed, fixtureSha256);
    const made = {
      seed: variantSeedOf,
      variants: VARIANT_KINDS.map((kind): Variant => {
        const bytes =
          kind === 'shuffled' ? fixtureVariant(fixtureBytes, variantSeedOf) : orderVariant(fixtureBytes, kind);
        return { kind, bytes, sha256: sha256Hex(bytes) };
      }),
    };
    variants.set(fixtureSha256, made);
    while (variants.size > lanes.lanes.length) variants.delete(variants.keys().next().value as string);
    return made;
  };
  try {
    await lanes.each(abort, todo, async (entry, lane) => {
      const judgement = judgements.get(entry.id) as VectorJudgement;
      // A vector whose file or fixture is no longer the one checked is not judged on a file the set no longer binds.
      const changed = (failed: { file: string; reason: string }): void => {
        changedFiles.add(failed.file);
        judgements.set(entry.id, notRunJudgement(entry, failed.reason));
        done += 1;
        run.emit({ event: 'progress', phase: 'metamorphic', id: entry.id, outcome: 'not-run', done, total });
      };
      const read = set.readVector(entry);
      if (!read.ok) return changed(read);
      const fixture = set.readFixture(entry.fixtureSha256);
      if (!fixture.ok) return changed(fixture);
      const made = variantsOf(entry.fixtureSha256, fixture.value);
      run.emit({ event: 'vector-start', phase: 'metamorphic', id: entry.id, work: 'query' });
      const base = findings.answered.get(entry.id) ?? passingBytes(judgement, read.value);
      let result: MetamorphicOutcome = { seed: made.seed, ok: true };
      for (const variant of made.variants) {
        const outcome = await lane.send(
          variant.sha256,
          () => ({ ok: true, value: variant.bytes }),
          read.value.request,
          entry.id,
        );
        if (abort?.aborted) return;
        result = judgeVariant(made.seed, base, outcome, variant.kind);
        if (!result.ok) break;
      }
      judgements.set(entry.id, withMetamorphic(judgement, result));
      done += 1;
      const said = result.ok ? 'same' : 'differs';
      run.emit({ event: 'progress', phase: 'metamorphic', id: entry.id, outcome: said, done, total });
    });
  } finally {
    await lanes.close();
    rmSync(folder, { recursive: true, force: true });
  }
  return { ...findings, judgements, changedFiles };
};
