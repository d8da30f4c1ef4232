/**
 * The serving side of the persistent process protocol (PROTOCOL.md): reads runner
 * frames from `input`, answers them with a `DiscoveryModuleProvider`, writes
 * provider frames to `output`. `kofun-ctk serve` runs the reference oracle through
 * it; the broken providers of the kit's tests wrap it too.
 */
import type { Readable, Writable } from 'node:stream';
import { errorCodeOf, errorMessage, resultBytes, type DiscoveryModuleProvider } from './module-provider.js';
import { encodeFrame, FrameDecoder, NO_REF, type Frame } from '../protocol/frame.js';
import {
  jsonBody,
  MAX_ERROR_BYTES,
  PROTOCOL_NAME,
  PROVIDER_MESSAGES,
  RUNNER_MESSAGES,
  runnerFrameCap,
  type ProviderHello,
} from '../protocol/messages.js';
import { sha256Hex } from '../../oracle/index.js';

/** How a serving loop ended. */
export type ServeEnd = { kind: 'shutdown' } | { kind: 'eof' } | { kind: 'protocol'; message: string };

/** Serves `provider` until a shutdown message, end of input, or a protocol fault. */
export async function serveProvider(
  input: Readable,
  output: Writable,
  provider: DiscoveryModuleProvider,
): Promise<ServeEnd> {
  const decoder = new FrameDecoder(runnerFrameCap);
  const handles = new Map<string, unknown>();
  let greeted = false;
  const send = (type: string, id: number, ref: string, body?: Uint8Array): Promise<void> =>
    new Promise((resolve, reject) =>
      output.write(encodeFrame(type, id, ref, body), (err) => (err ? reject(err) : resolve())),
    );
  const sendError = (id: number, code: string, message: string): Promise<void> => {
    const bytes = Buffer.from(message, 'utf8').subarray(0, MAX_ERROR_BYTES);
    return send(PROVIDER_MESSAGES.error, id, code, new Uint8Array(bytes));
  };

  const handle = async (frame: Frame): Promise<ServeEnd | undefined> => {
    if (!greeted) {
      if (frame.type !== RUNNER_MESSAGES.hello) return { kind: 'protocol', message: 'first message is not hello' };
      greeted = true;
      const hello: ProviderHello = {
        protocol: PROTOCOL_NAME,
        name: provider.name,
        version: provider.version,
        interpretations: [...(provider.interpretations ?? [])],
      };
      if ((provider.missingFeatures ?? []).length > 0) hello.missing_features = [...(provider.missingFeatures ?? [])];
      await send(PROVIDER_MESSAGES.hello, 0, NO_REF, jsonBody(hello));
      return undefined;
    }
    switch (frame.type) {
      case RUNNER_MESSAGES.loadFixture: {
        const digest = sha256Hex(frame.body);
        if (digest !== frame.ref) {
          await sendError(frame.id, 'bad-fixture', 'fixture bytes do not match the sha256 in the header');
          return undefined;
        }
        try {
          handles.set(frame.ref, await provider.loadFixture(frame.body));
        } catch (err) {
          await sendError(frame.id, 'bad-fixture', errorMessage(err));
          return undefined;
        }
        await send(PROVIDER_MESSAGES.fixtureLoaded, frame.id, frame.ref);
        return undefined;
      }
      case RUNNER_MESSAGES.query: {
        if (!handles.has(frame.ref)) {
          await sendError(frame.id, 'unknown-fixture', 'no fixture with that sha256 was loaded');
          return undefined;
        }
        let result: unknown;
        try {
          result = await provider.query(handles.get(frame.ref), frame.body);
        } catch (err) {
          await sendError(frame.id, errorCodeOf(err), errorMessage(err));
          return undefined;
        }
        // Bounded before it is walked: a value that only claims to be bytes (a Proxy) is never read element-wise.
        const bytes = resultBytes(result);
        if (bytes === undefined) {
          await sendError(frame.id, 'internal', 'provider returned something other than a Uint8Array');
          return undefined;
        }
        await send(PROVIDER_MESSAGES.result, frame.id, NO_REF, bytes);
        return undefined;
      }
      case RUNNER_MESSAGES.shutdown:
        try {
          await provider.close?.();
        } catch {
          // The runner is done with the provider either way; a throw from close changes no verdict.
        }
        await send(PROVIDER_MESSAGES.bye, 0, NO_REF);
        return { kind: 'shutdown' };
      default:
        await sendError(frame.id, 'bad-message', `unexpected message type ${frame.type}`);
        return undefined;
    }
  };

  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    const { frames, fault } = decoder.push(bytes);
    for (const frame of frames) {
      const end = await handle(frame);
      if (end) return end;
    }
    if (fault) return { kind: 'protocol', message: fault.message };
  }
  return { kind: 'eof' };
}
