/**
 * A provider that lacks features (PROTOCOL.md, "Features"), for the runner's tests: the reference oracle, declaring
 * in its hello the names of KCTK_HELLO_MISSING_FEATURES (comma-separated, any text: a misspelt one is the test), and
 * answering every request that needs one of KCTK_LACKS (comma-separated) with an `unsupported` error, as a provider
 * that does not implement them would. A vector the runner sent it anyway would show as ERROR, never as
 * NOT-APPLICABLE, and one it judged as PASS would be a PASS the provider never earned.
 */
import type { LoadedFixture } from '../../oracle/index.js';
import { queryFeatures } from '../../oracle/internal.js';
import type { DiscoveryModuleProvider } from '../adapters/module-provider.js';
import { createReferenceProvider } from '../adapters/reference-provider.js';
import { serveProvider } from '../adapters/serve-provider.js';

const list = (name: string): string[] => (process.env[name] ?? '').split(',').filter((f) => f !== '');
const lacks = new Set(list('KCTK_LACKS'));
const reference = createReferenceProvider();

class Unsupported extends Error {
  readonly code = 'unsupported';
}

const provider: DiscoveryModuleProvider<LoadedFixture> = {
  ...reference,
  name: 'partial provider',
  missingFeatures: list('KCTK_HELLO_MISSING_FEATURES'),
  query(fixture, request) {
    const needs = queryFeatures(request, fixture).filter((f) => lacks.has(f));
    if (needs.length > 0) throw new Unsupported(`not implemented: ${needs.join(', ')}`);
    return reference.query(fixture, request);
  },
};

void serveProvider(process.stdin, process.stdout, provider as DiscoveryModuleProvider).then((end) =>
  process.exit(end.kind === 'protocol' ? 3 : 0),
);
