// A one-shot provider (PROTOCOL.md, "One-shot mode") that starts a process while it answers: it reads the request
// on stdin, runs `node -e ''` to completion, then writes the request bytes back as its answer.
import { spawnSync } from 'node:child_process';
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  process.stdout.write(Buffer.concat(chunks));
});
