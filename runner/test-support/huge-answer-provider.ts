// A provider whose every answer is wrong and huge on one line: 4,000,000 bytes (under the 4 MiB cap of a reply) of a
// JSON string, no line feed but the last. A report that kept its diff or excerpts whole would grow by megabytes a
// vector per format; the gate's reports stay bounded.
import { runBrokenProvider } from './broken-providers/broken-provider.js';

const HUGE = new Uint8Array(Buffer.from(`{"answer":"${'x'.repeat(4_000_000 - 15)}"}\n`, 'utf8'));

runBrokenProvider('huge one-line answers', { result: () => HUGE });
