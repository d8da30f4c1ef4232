/**
 * The reference discovery provider: request bytes and a fixture in, canonical result
 * bytes out, computed as the nine lookup steps of the contract (section "Lookup and
 * safe-disclosure rules", KD-LOOKUP-05..10), one module per step.
 *
 * The evaluation is a pure function of the request bytes and the fixture: no clock, no
 * randomness, no I/O, and no dependence on the order of any fixture array
 * (KD-TRUST-10, KD-ORDER-12). It never throws and always terminates: every loop is
 * bounded by the input, the candidate visit by the step budget (KD-LIMIT-07), and a
 * fault of the kit itself is answered with the most conservative well-formed result,
 * invalid / invalid-request (OQ-41 A), so any request gets a canonical answer.
 */
import type { FixtureDiagnostic } from '../fixture/fixture.js';
import type { LoadedFixture } from '../fixture/load-fixture.js';
import type { DiscoveryResultV1, Id } from '../records/discovery-records.js';
import type { Undisclosable } from './build-operation-row.js';
import { closeFactGraph, type FactGraph } from './close-fact-graph.js';
import { invalidResult, unavailableResult } from './result-shapes.js';
import { StepBudget } from './step-budget.js';
import { validateRequestStep } from './step-1-validate-request.js';
import { inferType } from './step-2-infer-type.js';
import { collectCandidates, environmentOf, type Environment } from './step-3-collect-candidates.js';
import { hasUnvalidatedView, supplementImports } from './step-4-supplement-imports.js';
import { extensionsAndTraits } from './step-5-extensions-and-traits.js';
import { genericRequirements } from './step-6-generic-requirements.js';
import { receiverOwnership } from './step-7-receiver-ownership.js';
import { effectsAndCapabilities } from './step-8-effects-and-capabilities.js';
import { closeDiscloseBound, encodeResult } from './step-9-close-disclose-bound.js';
import { undisclosableDependencies } from './undisclosable-dependencies.js';
import { visitCandidates } from './visit-candidates.js';
import { kitReadings } from './reading-switches.js';
import type { Readings } from './readings.js';

/**
 * How to evaluate: the readings of the register to follow (reading-switches.ts); by default the choices of the kit's
 * register (oracle/interpretations.json), read once.
 */
export interface EvaluateOptions {
  readings?: Readings;
}

/** A result record, its canonical bytes, and the candidate/filter steps spent on it (KIT-10). */
export interface QueryEvaluation {
  result: DiscoveryResultV1;
  steps: number;
  /** The canonical bytes of `result`, as {@link evaluateQuery} returns them. */
  bytes: Uint8Array;
}

/**
 * The canonical result bytes for `requestBytes` against `fixture`. Never throws for any request or fixture; a kit
 * register whose choice the oracle cannot run is a fault of the kit and throws.
 */
export function evaluateQuery(
  requestBytes: Uint8Array,
  fixture: LoadedFixture,
  options: EvaluateOptions = {},
): Uint8Array {
  return evaluateSafely(requestBytes, fixture, options).bytes;
}

/** The result record, the steps spent, and the canonical bytes. Never throws, as {@link evaluateQuery}. */
export function evaluateQueryRecord(
  requestBytes: Uint8Array,
  fixture: LoadedFixture,
  options: EvaluateOptions = {},
): QueryEvaluation {
  return evaluateSafely(requestBytes, fixture, options);
}

/**
 * The canonical result bytes, with a fault of the kit thrown instead of answered. For the
 * vector generator only: there a fault inside the pipeline is an error of the generator and
 * must never become an invalid-request golden.
 */
export function evaluateQueryOrThrow(
  requestBytes: Uint8Array,
  fixture: LoadedFixture,
  options: EvaluateOptions = {},
): Uint8Array {
  return evaluate(requestBytes, fixture, options).bytes;
}

/** {@link evaluateQueryOrThrow} with the record and the steps spent (the generator derives a vector's features). */
export function evaluateQueryRecordOrThrow(
  requestBytes: Uint8Array,
  fixture: LoadedFixture,
  options: EvaluateOptions = {},
): QueryEvaluation {
  return evaluate(requestBytes, fixture, options);
}

function evaluateSafely(requestBytes: Uint8Array, fixture: LoadedFixture, options: EvaluateOptions): QueryEvaluation {
  const readings = options.readings ?? kitReadings();
  try {
    return evaluate(requestBytes, fixture, { readings });
  } catch {
    const result = invalidResult('invalid-request');
    return { result, bytes: encodeResult(result), steps: 0 };
  }
}

function evaluate(requestBytes: Uint8Array, fixture: LoadedFixture, options: EvaluateOptions): QueryEvaluation {
  const readings = options.readings ?? kitReadings();
  // Step 1: validate the request, source identity, current-file facts and analysis key.
  const checked = validateRequestStep(requestBytes, fixture, readings);
  if (!checked.ok) return { result: checked.result, bytes: encodeResult(checked.result), steps: 0 };
  const { request, occurrence } = checked;
  const prepared = prepare(fixture);

  // Step 2: infer as much of the selected expression type as committed facts permit.
  const type = inferType(occurrence.type, prepared.graph, prepared.diagnosticIds, prepared.undisclosable, readings);
  if (type.unrenderable) {
    const result = unavailableResult(request.analysis, 'incomplete-current-file-facts');
    return { result, bytes: encodeResult(result), steps: 0 };
  }

  // Steps 3 to 8, candidate by candidate under the step budget (KIT-10); a query of
  // kind `type` looks nothing up (KIT-02).
  const budget = new StepBudget();
  const visit =
    request.query.kind === 'type'
      ? null
      : visitCandidates(
          prepared.environment,
          // Step 3: collect declarations admitted by current lexical/module/visibility rules.
          collectCandidates(request.query, type.lookupTypeId, type.fact),
          [
            // Step 4: supplement imports only from authorized validated KIF views.
            supplementImports(fixture),
            // Step 5: extension and trait/member resolution (unsupported in this profile).
            extensionsAndTraits(),
            // Step 6: generic constraints and inference.
            genericRequirements(prepared.graph),
            // Step 7: receiver ownership requirements.
            receiverOwnership(occurrence.permits),
            // Step 8: effects and capabilities.
            effectsAndCapabilities(
              occurrence.capabilities,
              prepared.graph,
              readings,
              request.query.kind === 'explain-operation',
            ),
          ],
          budget,
          readings,
        );

  // Step 9: close fact status/dependencies, filter disclosure, bound work, serialize.
  const encoded = closeDiscloseBound({
    request,
    type,
    visit,
    graph: prepared.graph,
    diagnostics: prepared.diagnostics,
    unvalidatedView: prepared.unvalidatedView,
    undisclosable: prepared.undisclosable,
    readings,
  });
  return { ...encoded, steps: budget.steps };
}

/**
 * What a query needs from a fixture beyond the fixture itself, computed once per loaded
 * fixture object; a LoadedFixture is treated as immutable once it has been queried.
 */
interface PreparedFixture {
  graph: FactGraph;
  environment: Environment;
  diagnostics: Map<Id, FixtureDiagnostic>;
  diagnosticIds: Set<Id>;
  unvalidatedView: boolean;
  undisclosable: Undisclosable;
}

const preparedCache = new WeakMap<LoadedFixture, PreparedFixture>();

function prepare(fixture: LoadedFixture): PreparedFixture {
  const cached = preparedCache.get(fixture);
  if (cached !== undefined) return cached;
  const diagnostics = new Map<Id, FixtureDiagnostic>();
  for (const d of fixture.diagnostics) diagnostics.set(d.id, d);
  const prepared: PreparedFixture = {
    graph: closeFactGraph(fixture.facts),
    environment: environmentOf(fixture, fixture.candidatesInOrder),
    diagnostics,
    diagnosticIds: new Set(diagnostics.keys()),
    unvalidatedView: hasUnvalidatedView(fixture),
    undisclosable: undisclosableDependencies(fixture, fixture.candidatesInOrder),
  };
  preparedCache.set(fixture, prepared);
  return prepared;
}
