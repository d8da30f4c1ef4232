// A provider whose every answer is wrong and huge on one line: 1,000,000 bytes of a JSON string, no line feed but the
// last; over fifteen times the largest excerpt a report keeps of one vector (a diff's 64 KiB, runner/judge/), so
// every cap on the way is reached, as it is by an answer up to the 4 MiB cap of a reply (the reports are the same
// size, to a few bytes of counts). A report that kept its diff or excerpts whole would grow by a megabyte a vector per
// format; the gate's reports stay bounded. The runner's work on an answer grows with its size: a bigger one shows
// nothing more and costs the test half a minute of CPU.
import { runBrokenProvider } from './broken-providers/broken-provider.js';

const HUGE = new Uint8Array(Buffer.from(`{"answer":"${'x'.repeat(1_000_000 - 15)}"}\n`, 'utf8'));

runBrokenProvider('huge one-line answers', { result: () => HUGE });
