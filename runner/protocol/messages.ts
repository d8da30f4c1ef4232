/**
 * The messages of the kofun-ctk provider protocol (PROTOCOL.md) and their caps.
 * One table serves both ends: the runner decodes provider messages, the serving
 * side (`kofun-ctk serve`, the broken providers) decodes runner messages.
 */
import { LIMITS } from '../../oracle/index.js';

/** The protocol name carried in both hello messages. */
export const PROTOCOL_NAME = 'kofun.ctk.provider-protocol/v1';

/** Message types the runner sends. */
export const RUNNER_MESSAGES = {
  hello: 'hello',
  loadFixture: 'load-fixture',
  query: 'query',
  shutdown: 'shutdown',
} as const;

/** Message types a provider sends. */
export const PROVIDER_MESSAGES = {
  hello: 'hello',
  fixtureLoaded: 'fixture-loaded',
  result: 'result',
  error: 'error',
  bye: 'bye',
} as const;

/** Error codes a provider may put in the ref field of an `error` frame. */
export const PROVIDER_ERROR_CODES = [
  'unsupported',
  'unknown-fixture',
  'bad-fixture',
  'bad-message',
  'internal',
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

/** The largest fixture body the runner sends. */
export const MAX_FIXTURE_BYTES = 64 * 1024 * 1024;
/**
 * The largest query body the runner sends. Larger than the 64 KiB request cap on
 * purpose: over-limit requests are vectors of their own (KD-LIMIT-02, KD-LIMIT-09).
 */
export const MAX_QUERY_BYTES = 1024 * 1024;
/** The largest hello body either side accepts. */
export const MAX_HELLO_BYTES = 64 * 1024;
/** The largest error message a provider may send. */
export const MAX_ERROR_BYTES = 4096;
/** A result body is capped at the contract's result cap (KD-LIMIT-03). */
export const MAX_RESULT_BYTES = LIMITS.resultBytes;

/** Body caps of the frames a provider sends, as the runner enforces them. */
export function providerFrameCap(type: string): number | undefined {
  switch (type) {
    case PROVIDER_MESSAGES.hello:
      return MAX_HELLO_BYTES;
    case PROVIDER_MESSAGES.fixtureLoaded:
    case PROVIDER_MESSAGES.bye:
      return 0;
    case PROVIDER_MESSAGES.result:
      return MAX_RESULT_BYTES;
    case PROVIDER_MESSAGES.error:
      return MAX_ERROR_BYTES;
    default:
      return undefined;
  }
}

/** Body caps of the frames the runner sends, as a serving provider enforces them. */
export function runnerFrameCap(type: string): number | undefined {
  switch (type) {
    case RUNNER_MESSAGES.hello:
      return MAX_HELLO_BYTES;
    case RUNNER_MESSAGES.loadFixture:
      return MAX_FIXTURE_BYTES;
    case RUNNER_MESSAGES.query:
      return MAX_QUERY_BYTES;
    case RUNNER_MESSAGES.shutdown:
      return 0;
    default:
      return undefined;
  }
}

/** What a provider says about itself in its hello (PROTOCOL.md, "Handshake"). */
export interface ProviderHello {
  protocol: typeof PROTOCOL_NAME;
  name: string;
  version: string;
  /** Register entries or acceptable-alternative names the provider follows where the contract is open. */
  interpretations: string[];
  /**
   * The features (PROTOCOL.md, "Features") the provider declares it does not implement; checked against the kit's
   * feature names when the instance starts (run/declared-features.ts). Absent from a hello that declares none.
   */
  missing_features?: string[];
}

/** What the runner says in its hello. */
export interface RunnerHello {
  protocol: typeof PROTOCOL_NAME;
  kit: 'kofun-ctk';
  kit_version: string;
}

const TOKEN_MAX = 256;

/**
 * Parses a provider hello body. Strict: a JSON object with exactly the documented
 * fields, short printable strings; anything else is a protocol violation.
 */
export function parseProviderHello(
  body: Uint8Array,
): { ok: true; hello: ProviderHello } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return { ok: false, message: 'hello body is not UTF-8 JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: 'hello body is not a JSON object' };
  const record = value as Record<string, unknown>;
  const allowed = new Set(['protocol', 'name', 'version', 'interpretations', 'missing_features']);
  for (const key of Object.keys(record))
    if (!allowed.has(key)) return { ok: false, message: 'hello body has an unknown field' };
  if (record.protocol !== PROTOCOL_NAME) return { ok: false, message: `hello protocol is not ${PROTOCOL_NAME}` };
  const { name, version } = record;
  if (!isShortText(name)) return { ok: false, message: 'hello name is not a short printable string' };
  if (!isShortText(version)) return { ok: false, message: 'hello version is not a short printable string' };
  const interpretations = record.interpretations ?? [];
  if (!Array.isArray(interpretations) || interpretations.length > 256 || !interpretations.every(isShortText)) {
    return { ok: false, message: 'hello interpretations is not an array of short printable strings' };
  }
  const missing = record.missing_features ?? [];
  if (!Array.isArray(missing) || missing.length > 256 || !missing.every(isShortText)) {
    return { ok: false, message: 'hello missing_features is not an array of short printable strings' };
  }
  const hello: ProviderHello = {
    protocol: PROTOCOL_NAME,
    name,
    version,
    interpretations: interpretations as string[],
  };
  if (missing.length > 0) hello.missing_features = missing as string[];
  return { ok: true, hello };
}

function isShortText(value: unknown): value is string {
  // Printable, no controls: the identity ends up in reports and terminals.
  // eslint-disable-next-line no-control-regex
  return (
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= TOKEN_MAX &&
    !/[\u0000-\u001f\u007f-\u009f]/.test(value)
  );
}

/** Encodes a JSON body as UTF-8 bytes. */
export function jsonBody(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value));
}
