/**
 * Readings of the interpretations register as code the register selects (KD-ACCEPT-13).
 *
 * Where the contract leaves a choice, the step of the pipeline that makes it declares a {@link ReadingSwitch}: the
 * register entry it answers, and the labels of the readings it can run, each naming one answer. The register's
 * `choice` selects among them (reading-switches.ts builds the {@link Readings} of a register), so switching a choice
 * and regenerating gives that reading's vectors. A reading that names no single answer (an open set, such as "any
 * mismatching field's reason") is an {@link AcceptanceRule}: never a choice, but the oracle can enumerate its members,
 * one answer each, to compute the named ACCEPTABLE alternatives of the register (alternative-answers.ts).
 *
 * A step asks for the reading it follows with {@link Readings.of} only where the choice decides something, so the
 * entries an evaluation asked about ({@link Readings.asked}) are exactly those whose other readings may answer
 * otherwise: the alternatives, and the register's self-check, evaluate again only there.
 */
import { interpretationsRegister } from '../register/interpretations-register.js';

/** An open-set reading the oracle enumerates: each member is one answer (e.g. one mismatching field's reason). */
export interface AcceptanceRule {
  /** The reading's label in the register. */
  label: string;
  /** The members, in the order their alternatives are listed. */
  members: readonly string[];
  /** Why a provider's answer under `member` is acceptable: the `reason` of the vector's alternative. */
  reason(member: string): string;
}

/** The readings of one register entry the oracle can run, declared by the pipeline step that makes the choice. */
export interface ReadingSwitch {
  /** The register entry (OQ-nn, KIT-nn). */
  entry: string;
  /** What the switch decides, in kebab-case (`stale-reason-order`). */
  name: string;
  /** The module of the pipeline that runs it, relative to the kit root. */
  where: string;
  /**
   * Each runnable reading naming one answer: `true` when the step runs it, or the label of another reading whose bytes
   * it gives on every input (the register says why, in that reading's `same_bytes_because`).
   */
  runs: Readonly<Record<string, true | string>>;
  /** The open-set reading it enumerates, if any. */
  rule?: AcceptanceRule;
  /**
   * Why a provider's answer under a one-answer reading is acceptable, for a reading the register names as an
   * alternative.
   */
  reasons?: Readonly<Record<string, string>>;
}

/** The reading of one entry an evaluation follows: a label, and for an acceptance rule the member. */
export interface FollowedReading {
  label: string;
  member?: string;
}

/**
 * The readings one evaluation follows, entry by entry. Immutable; {@link Readings.tracked} makes a copy that records
 * the entries a step asked about.
 */
export class Readings {
  private constructor(
    private readonly followed: ReadonlyMap<string, FollowedReading>,
    private readonly asking: Set<string> | undefined,
  ) {}

  /** Readings from `entry -> reading`. */
  static of(followed: ReadonlyMap<string, FollowedReading>): Readings {
    return new Readings(followed, undefined);
  }

  /**
   * The register's choices, read once (a register the kit cannot read is a kit fault): what a step follows when no
   * readings are given. Whether the oracle can run each choice is checked where the readings are built for an
   * evaluation (reading-switches.ts).
   */
  static kit(): Readings {
    kitChoices ??= Readings.of(new Map(interpretationsRegister().map((e) => [e.id, { label: e.choice }])));
    return kitChoices;
  }

  /**
   * The label `step` runs for its entry: the followed reading, or the reading whose bytes it gives; for an acceptance
   * rule, the rule's label (its member is {@link member}). Records the entry as asked.
   */
  of(step: ReadingSwitch): string {
    this.asking?.add(step.entry);
    const followed = this.followed.get(step.entry);
    if (followed === undefined) throw new Error(`kit fault: no reading of ${step.entry} is followed`);
    const runs = step.runs[followed.label];
    return typeof runs === 'string' ? runs : followed.label;
  }

  /** The member of the acceptance rule followed for `step`'s entry, when one is. */
  member(step: ReadingSwitch): string | undefined {
    this.asking?.add(step.entry);
    return this.followed.get(step.entry)?.member;
  }

  /** The reading followed for `entry`. */
  reading(entry: string): FollowedReading | undefined {
    return this.followed.get(entry);
  }

  /** These readings with `entry` following `reading` instead. */
  with(entry: string, reading: FollowedReading): Readings {
    const followed = new Map(this.followed);
    followed.set(entry, reading);
    return new Readings(followed, undefined);
  }

  /** A copy that records every entry a step asks about (see {@link asked}). */
  tracked(): Readings {
    return new Readings(this.followed, new Set());
  }

  /** The entries asked about since {@link tracked}, in no particular order. */
  asked(): ReadonlySet<string> {
    return this.asking ?? new Set();
  }

  /** `<entry>:<label>` (`<entry>:<label>/<member>` for a rule's member) for every entry followed, in entry order. */
  names(): string[] {
    return [...this.followed].map(([entry, r]) => `${entry}:${r.label}${r.member === undefined ? '' : `/${r.member}`}`);
  }
}

let kitChoices: Readings | undefined;
