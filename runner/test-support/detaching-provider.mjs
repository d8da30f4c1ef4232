// A hostile provider for the containment tests, in plain JavaScript so it starts fast. It starts a descendant
// that leaves its process group and keeps the provider's stdout open, writes that descendant's pid to the file
// named by KCTK_PID_FILE, and answers only once the pid is there. argv: <persistent|one-shot> <setsid|double-fork>
//   setsid       the descendant is started through setsid(1), in a session of its own
//   double-fork  a middle process starts the descendant detached (setsid(2)) and exits, so it is reparented
// Every query is answered with its request bytes.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

const [mode, how] = process.argv.slice(2);
const pidFile = process.env.KCTK_PID_FILE ?? '';
const self = new URL(import.meta.url).pathname;
const holdStdout = { stdio: ['ignore', 'inherit', 'inherit'] };

if (mode === 'orphan') {
  appendFileSync(pidFile, `${process.pid}\n`);
  setInterval(() => undefined, 1000);
} else if (mode === 'middle') {
  spawn(process.execPath, [self, 'orphan'], { ...holdStdout, detached: true }).unref();
  process.exit(0);
} else {
  run();
}

function startDescendant() {
  if (how === 'setsid') spawn('setsid', [process.execPath, self, 'orphan'], holdStdout);
  else spawn(process.execPath, [self, 'middle'], holdStdout);
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n')) {
        clearInterval(poll);
        resolve();
      }
    }, 20);
  });
}

function run() {
  if (mode === 'one-shot') {
    const chunks = [];
    process.stdin.on('data', (c) => chunks.push(c));
    process.stdin.on('end', async () => {
      await startDescendant();
      process.stdout.write(Buffer.concat(chunks), () => process.exit(0));
    });
    return;
  }
  let buf = Buffer.alloc(0);
  let started;
  const send = (type, id, ref, body = Buffer.alloc(0)) =>
    process.stdout.write(Buffer.concat([Buffer.from(`KCTK1 ${type} ${id} ${ref} ${body.length}\n`), body]));
  process.stdin.on('data', async (chunk) => {
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
        const hello = {
          protocol: 'kofun.ctk.provider-protocol/v1',
          name: `detaching ${how}`,
          version: '0',
          interpretations: [],
        };
        send('hello', 0, '-', Buffer.from(JSON.stringify(hello)));
      } else if (type === 'load-fixture') {
        started ??= startDescendant();
        await started;
        send('fixture-loaded', id, ref);
      } else if (type === 'query') {
        send('result', id, '-', body);
      }
      // A shutdown is ignored: the runner must end the provider itself.
    }
  });
}
