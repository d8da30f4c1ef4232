// A tiny provider process for the persistent adapter's tests, in plain JavaScript so it
// starts fast. It answers the handshake, then misbehaves as argv[2] says:
//   echo           answers every query with its request bytes (a well-behaved peer)
//   wrong-id       answers a query with another id
//   oversize       declares a result one byte over 4 MiB
//   unsolicited    sends an extra frame after its answer
//   bad-hello      sends a hello that is not the protocol's JSON
//   exit-at-load   exits with status 3 when a fixture arrives, after writing to stderr
//   junk-header    answers with a header that is not KCTK1
//   double-reply   answers every query twice with the same id
//   close-stdout   closes its stdout after the handshake and stays alive
//   banner         prints a line on stderr and a coloured start-up banner on stdout before the protocol, then echoes
import { closeSync } from 'node:fs';
const mode = process.argv[2] ?? 'echo';
if (mode === 'banner') {
  // stderr first: the runner kills the provider as soon as the banner breaks the framing.
  process.stderr.write('my-provider: loading \u001b]0;title\u0007config\n');
  process.stdout.write('\u001b[2J\u001b[31mmy-provider 1.0 listening\u001b[0m\n');
}
let buf = Buffer.alloc(0);
let stdoutClosed = false;
const send = (type, id, ref, body = Buffer.alloc(0)) =>
  stdoutClosed ||
  process.stdout.writableEnded ||
  process.stdout.write(Buffer.concat([Buffer.from(`KCTK1 ${type} ${id} ${ref} ${body.length}\n`), body]));
process.stdin.on('data', (chunk) => {
  buf = Buffer.concat([buf, chunk]);
  for (;;) {
    const lf = buf.indexOf(10);
    if (lf < 0) return;
    const [, type, id, ref, len] = buf.subarray(0, lf).toString('latin1').split(' ');
    const n = Number(len);
    if (buf.length < lf + 1 + n) return;
    const body = buf.subarray(lf + 1, lf + 1 + n);
    buf = buf.subarray(lf + 1 + n);
    if (type === 'hello') {
      if (mode === 'bad-hello') send('hello', 0, '-', Buffer.from('{"name": 1}'));
      else
        send(
          'hello',
          0,
          '-',
          Buffer.from(
            JSON.stringify({
              protocol: 'kofun.ctk.provider-protocol/v1',
              name: `fake ${mode}`,
              version: '0',
              interpretations: ['OQ-01:C'],
            }),
          ),
        );
      if (mode === 'close-stdout') {
        // Close the descriptor itself: process.stdout.end() on a pipe throws, which would end the process.
        stdoutClosed = true;
        closeSync(1);
        setInterval(() => undefined, 1000);
      }
    } else if (type === 'load-fixture') {
      if (mode === 'exit-at-load') {
        process.stderr.write('fake provider: \u001b[31mgiving up\u001b[0m\n');
        process.exit(3);
      }
      send('fixture-loaded', id, ref);
    } else if (type === 'query') {
      if (mode === 'wrong-id') send('result', Number(id) + 1, '-', body);
      else if (mode === 'oversize') process.stdout.write(`KCTK1 result ${id} - ${4 * 1024 * 1024 + 1}\n`);
      else if (mode === 'junk-header') process.stdout.write('HTTP/1.1 200 OK\n');
      else {
        send('result', id, '-', body);
        if (mode === 'unsolicited') send('result', 999, '-', body);
        if (mode === 'double-reply') send('result', id, '-', body);
      }
    } else if (type === 'shutdown') {
      send('bye', 0, '-');
      process.exit(0);
    }
  }
});
