// A persistent provider whose bytes are not UTF-8, for the escaping of provider evidence. After the handshake,
// on the first query it does what argv[2] says:
//   crash-stderr   writes 61 ff 62 0a, then 6f 6b c3 (a truncated two-byte sequence) on stderr and exits with 70
//   error-reply    answers with an error message whose body is 62 61 64 20 c0 80 20 ed a0 80 (overlong, surrogate)
//   stray-stdout   writes 6e 6f 69 73 65 ff 0a on stdout, a line that is not a frame header
const mode = process.argv[2] ?? 'crash-stderr';
let buf = Buffer.alloc(0);
const send = (type, id, ref, body = Buffer.alloc(0)) =>
  process.stdout.write(Buffer.concat([Buffer.from(`KCTK1 ${type} ${id} ${ref} ${body.length}\n`), body]));
process.stdin.on('data', (chunk) => {
  buf = Buffer.concat([buf, chunk]);
  for (;;) {
    const lf = buf.indexOf(10);
    if (lf < 0) return;
    const [, type, id, ref, len] = buf.subarray(0, lf).toString('latin1').split(' ');
    const n = Number(len);
    if (buf.length < lf + 1 + n) return;
    buf = buf.subarray(lf + 1 + n);
    if (type === 'hello') {
      const hello = {
        protocol: 'kofun.ctk.provider-protocol/v1',
        name: 'undecodable',
        version: '0',
        interpretations: [],
      };
      send('hello', 0, '-', Buffer.from(JSON.stringify(hello)));
    } else if (type === 'load-fixture') send('fixture-loaded', id, ref);
    else if (type === 'query') {
      if (mode === 'crash-stderr') {
        process.stderr.write(Buffer.from([0x61, 0xff, 0x62, 0x0a, 0x6f, 0x6b, 0xc3]), () => process.exit(70));
      } else if (mode === 'error-reply') {
        send('error', id, 'internal', Buffer.from([0x62, 0x61, 0x64, 0x20, 0xc0, 0x80, 0x20, 0xed, 0xa0, 0x80]));
      } else process.stdout.write(Buffer.from([0x6e, 0x6f, 0x69, 0x73, 0x65, 0xff, 0x0a]));
    } else if (type === 'shutdown') {
      send('bye', 0, '-');
      process.exit(0);
    }
  }
});
