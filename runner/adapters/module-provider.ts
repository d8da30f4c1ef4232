/**
 * The interface a JavaScript or TypeScript discovery provider implements to be run
 * by the module adapter (`kofun-ctk run --module <path>`), and that the process
 * protocol's serving side (`kofun-ctk serve`) wraps. PROTOCOL.md, "Module providers".
 *
 * The module's default export (or its export named `provider`) is either an object
 * implementing `DiscoveryModuleProvider` or a function, possibly async, returning one.
 * It runs in a process the kit owns (module-host.ts), so a module that hangs or crashes costs one vector.
 */
import { types } from 'node:util';

/** A provider error code a module may attach to a thrown error as its `code` property. */
export type ModuleProviderErrorCode = 'unsupported' | 'bad-fixture' | 'internal';

export interface DiscoveryModuleProvider<Handle = unknown> {
  /** The provider's name, as reported (printable, at most 256 characters). */
  readonly name: string;
  /** The provider's version, as reported (printable, at most 256 characters). */
  readonly version: string;
  /** Register entries or acceptable-alternative names it follows where the contract is open. */
  readonly interpretations?: readonly string[];
  /** The features it does not implement (PROTOCOL.md, "Features"), as a hello's `missing_features`. */
  readonly missingFeatures?: readonly string[];
  /**
   * Loads one fixture (the `kofun.ctk.fixture/v1` JSON bytes, any key order) and
   * returns a handle the runner passes back to `query`. Called once per fixture.
   */
  loadFixture(fixtureBytes: Uint8Array): Handle | Promise<Handle>;
  /**
   * Answers one request: `requestBytes` exactly as a client sent them; the return
   * value is the result's canonical bytes (KD-CANON-01..17), final LF included.
   * Throw an error whose `code` is `unsupported` for a query the provider does not
   * implement; any other throw is reported as an `internal` provider error.
   */
  query(handle: Handle, requestBytes: Uint8Array): Uint8Array | Promise<Uint8Array>;
  /** Called once when the runner is done with the provider. */
  close?(): void | Promise<void>;
}

/** What a provider module may export as `default` or `provider`. */
export type DiscoveryModuleExport =
  DiscoveryModuleProvider | (() => DiscoveryModuleProvider | Promise<DiscoveryModuleProvider>);

/**
 * Resolves a module namespace to its provider, or says why it cannot. Everything of the module is untrusted: a
 * getter that throws, a Proxy or a revoked one is a refusal with a message, never a throw into the kit's host. The
 * provider's name, version and interpretations are read once here, into plain values.
 */
export async function providerFromModule(
  namespace: Record<string, unknown>,
): Promise<{ ok: true; provider: DiscoveryModuleProvider } | { ok: false; message: string }> {
  try {
    return await resolveProvider(namespace);
  } catch (err) {
    return { ok: false, message: `the module's provider cannot be read: ${errorMessage(err)}` };
  }
}

async function resolveProvider(
  namespace: Record<string, unknown>,
): Promise<{ ok: true; provider: DiscoveryModuleProvider } | { ok: false; message: string }> {
  let candidate: unknown = namespace.provider ?? namespace.default;
  if (candidate === undefined) return { ok: false, message: 'module exports neither `default` nor `provider`' };
  if (typeof candidate === 'function') {
    try {
      candidate = await (candidate as () => unknown)();
    } catch (err) {
      return { ok: false, message: `provider factory threw: ${errorMessage(err)}` };
    }
  }
  if (typeof candidate !== 'object' || candidate === null)
    return { ok: false, message: 'provider export is not an object' };
  const p = candidate as Partial<DiscoveryModuleProvider>;
  const { name, version, interpretations, missingFeatures, loadFixture, query, close } = p;
  if (typeof name !== 'string' || typeof version !== 'string')
    return { ok: false, message: 'provider lacks a string `name` and `version`' };
  if (typeof loadFixture !== 'function' || typeof query !== 'function')
    return { ok: false, message: 'provider lacks `loadFixture` and `query` functions' };
  let declared: string[] = [];
  if (interpretations !== undefined) {
    if (!Array.isArray(interpretations) || interpretations.length > MAX_INTERPRETATIONS)
      return {
        ok: false,
        message: `provider \`interpretations\` is not an array of at most ${MAX_INTERPRETATIONS} strings`,
      };
    declared = Array.from(interpretations as unknown[], (x) => x) as string[];
    if (!declared.every((x) => typeof x === 'string'))
      return { ok: false, message: 'provider `interpretations` is not an array of strings' };
  }
  let missing: string[] = [];
  if (missingFeatures !== undefined) {
    if (!Array.isArray(missingFeatures) || missingFeatures.length > MAX_INTERPRETATIONS)
      return {
        ok: false,
        message: `provider \`missingFeatures\` is not an array of at most ${MAX_INTERPRETATIONS} strings`,
      };
    missing = Array.from(missingFeatures as unknown[], (x) => x) as string[];
    if (!missing.every((x) => typeof x === 'string'))
      return { ok: false, message: 'provider `missingFeatures` is not an array of strings' };
  }
  return {
    ok: true,
    provider: {
      name,
      version,
      interpretations: declared,
      ...(missing.length === 0 ? {} : { missingFeatures: missing }),
      loadFixture: (bytes) => loadFixture.call(candidate, bytes),
      query: (handle, bytes) => query.call(candidate, handle, bytes),
      ...(typeof close === 'function' ? { close: () => close.call(candidate) } : {}),
    },
  };
}

/** A hello carries at most this many interpretations (PROTOCOL.md). */
const MAX_INTERPRETATIONS = 256;

/** The most characters of a thrown value's message kept. */
const MAX_MESSAGE_CHARACTERS = 1024;

/**
 * The provider error code carried by a thrown value, `internal` when it names none, or when reading it throws (a
 * getter, a Proxy): any value may be thrown, and none may crash the kit.
 */
export function errorCodeOf(err: unknown): ModuleProviderErrorCode {
  try {
    const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
    return code === 'unsupported' || code === 'bad-fixture' ? code : 'internal';
  } catch {
    return 'internal';
  }
}

/**
 * A one-line message from any thrown value: an Error's message, a string, or what String() gives, bounded; a value
 * whose message or conversion throws (a getter, a Proxy, a revoked Proxy, a Symbol.toPrimitive that throws) is named
 * by its type, never thrown on.
 */
export function errorMessage(err: unknown): string {
  let text: string;
  try {
    if (typeof err === 'string') text = err;
    else if (err instanceof Error) text = String(err.message);
    else text = String(err);
  } catch {
    text = `a thrown ${err === null ? 'null' : typeof err} value whose message cannot be read`;
  }
  return (text.split('\n', 1)[0] ?? '').slice(0, MAX_MESSAGE_CHARACTERS);
}

/**
 * The bytes a provider returned, when it returned a real Uint8Array: checked by its internal slots
 * (`util.types.isUint8Array`, which a Proxy fails) and read through the intrinsic buffer, offset and length, so a
 * value that claims another length (a Proxy, a subclass with its own getters) is refused before anything walks it.
 */
export function resultBytes(value: unknown): Uint8Array | undefined {
  if (!types.isUint8Array(value)) return undefined;
  const typed = value as Uint8Array;
  return new Uint8Array(
    INTRINSIC.buffer.call(typed),
    INTRINSIC.byteOffset.call(typed),
    INTRINSIC.byteLength.call(typed),
  );
}

const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;
const getter = (name: string): ((this: Uint8Array) => never) =>
  Object.getOwnPropertyDescriptor(typedArrayPrototype, name)?.get as (this: Uint8Array) => never;
const INTRINSIC = {
  buffer: getter('buffer') as (this: Uint8Array) => ArrayBuffer,
  byteOffset: getter('byteOffset') as (this: Uint8Array) => number,
  byteLength: getter('byteLength') as (this: Uint8Array) => number,
};
