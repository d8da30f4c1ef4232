// A stand-in provider build for the release-cost gate's own tests. It writes a small
// artifact into --out and, when asked, lets one build condition leak into it, the way a
// real toolchain might embed its build path, clock, locale, umask, HOME or discovery data.
//
//   node variant-builder.mjs --out DIR --feature off|disabled|on [--leak KIND]
//
// KIND: none, path, out, time, clock, day, tz, locale, umask, home, discovery-in-disabled, unwired, fail, hang.
import { existsSync, mkdirSync, readFileSync, writeFileSync, statSync, chmodSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync, spawn } from 'node:child_process';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const out = opt('out', process.env.KOFUN_CTK_OUT);
const feature = opt('feature', 'off');
const leak = opt('leak', 'none');

if (leak === 'fail') {
  process.stderr.write('variant-builder: failing on purpose\n');
  process.exit(3);
}
if (leak === 'hang') {
  // A grandchild in the same process group, and a parent that never ends on its own.
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  if (opt('pid-file', null) !== null) writeFileSync(opt('pid-file', null), String(child.pid));
  setInterval(() => {}, 1000);
} else {
  mkdirSync(out, { recursive: true });
  // The "compiled module": fixed bytes, plus a discovery section when the feature is on.
  const discoveryOn = feature === 'on' && leak !== 'unwired';
  const leakDiscovery = feature === 'disabled' && leak === 'discovery-in-disabled';
  let app = 'KOFUN-TEST-MODULE v1\nbody: 0123456789abcdef\n';
  // A source file in the build folder, when the configuration copies one, is compiled in.
  if (existsSync('input.txt')) app += `input: ${readFileSync('input.txt', 'utf8')}`;
  if (discoveryOn || leakDiscovery) app += 'discovery: occurrences=3 symbols=7\n';
  writeFileSync(join(out, 'app.bin'), app);
  chmodSync(join(out, 'app.bin'), 0o644);

  let notes = 'kofun test artifact\n';
  if (leak === 'path') notes += `built in: ${process.cwd()}\n`;
  if (leak === 'out') notes += `out: ${resolve(out)}\n`;
  // The wall clock to the second can repeat between two quick builds; the monotonic
  // nanosecond clock never does, so the leak is always visible.
  if (leak === 'time') notes += `built at: ${new Date().toString()} (${process.hrtime.bigint()} ns)\n`;
  // Epoch seconds only: two builds in the same second agree unless the clock is varied.
  if (leak === 'clock') notes += `built at: ${Math.floor(Date.now() / 1000)}\n`;
  // A date-only stamp as a shell build writes it: the same all day, so only a varied clock shows it.
  if (leak === 'day') notes += `built on: ${execFileSync('date', ['-u', '+%Y-%m-%d'], { encoding: 'utf8' })}`;
  if (leak === 'tz') notes += `tz: ${process.env.TZ ?? ''}\n`;
  if (leak === 'locale') notes += `locale: ${process.env.LC_ALL ?? ''}\n`;
  if (leak === 'home') notes += `home: ${homedir()}\n`;
  if (leak === 'umask') {
    // Created with the default mode, so the build's umask decides it.
    writeFileSync(join(out, 'data.txt'), 'data\n');
    notes += `mode of data.txt: ${(statSync(join(out, 'data.txt')).mode & 0o777).toString(8)}\n`;
  }
  writeFileSync(join(out, 'notes.txt'), notes);
  chmodSync(join(out, 'notes.txt'), 0o644);
}
