// The root help is printed from the command table alone (runner/cli.ts, COMMANDS): each line of the table must be what
// its module registers, and every command module must have its line.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, Help } from 'commander';
import { kitRoot } from '../oracle/internal.js';
import { COMMANDS, MAINTAINER_COMMANDS, processIo, type Register } from './cli.js';
import { registerMutation } from '../suites/generate/mutation-command.js';
import { registerReport, registerVectors } from '../suites/generate/maintainer-commands.js';
import { runCli } from './test-support/run-cli.js';

const io = processIo();

test('each line of the command table is the name, term and description its module registers', async () => {
  const help = new Help();
  for (const entry of COMMANDS) {
    const program = new Command('kofun-ctk');
    (await entry.load())(
      program,
      { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: '/', env: {} },
      () => undefined,
    );
    assert.is(program.commands.length, 1, entry.name);
    // A two-word entry (`vectors diff`) is a subcommand of the first word's command.
    const [parent, sub] = entry.name.split(' ');
    const first = program.commands[0] as Command;
    assert.is(first.name(), parent);
    const registered = sub === undefined ? first : first.commands.find((c) => c.name() === sub);
    assert.ok(registered !== undefined, entry.name);
    if (registered === undefined) continue;
    const term = sub === undefined ? help.subcommandTerm(registered) : `${parent} ${help.subcommandTerm(registered)}`;
    assert.is(term, entry.term, entry.name);
    assert.is(registered.description(), entry.description, entry.name);
  }
});

test("the maintainers' lines are the name, term and description a checkout registers", () => {
  const help = new Help();
  const program = new Command('kofun-ctk');
  for (const register of [registerVectors, registerReport, registerMutation]) register(program, io, () => undefined);
  assert.equal(
    program.commands.map((c) => [c.name(), help.subcommandTerm(c), c.description()]),
    MAINTAINER_COMMANDS.map((c) => [c.name, c.term, c.description]),
  );
});

test('every command a module of runner/commands registers has its line in the table', async () => {
  const program = new Command('kofun-ctk');
  const modules = readdirSync(join(kitRoot(), 'runner', 'commands'))
    .map((f) => `./commands/${f}`)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const file of modules) {
    const exports = (await import(file.replace(/\.ts$/, '.js'))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports))
      if (name.startsWith('register') && typeof value === 'function') (value as Register)(program, io, () => undefined);
  }
  assert.ok(program.commands.length >= 10, String(program.commands.length));
  assert.equal(program.commands.map((c) => c.name()).sort(), COMMANDS.map((c) => c.name.split(' ')[0]).sort());
});

test('the root help lists every command, -V the version, help <command> its help; a typo gets a hint', async () => {
  const root = await runCli(['--help']);
  assert.is(root.code, 0);
  // A two-word command is listed under its first word's line (the maintainers' `vectors` and `report`).
  for (const c of [...COMMANDS, ...MAINTAINER_COMMANDS].filter((c) => !c.name.includes(' ')))
    assert.match(root.stdout, new RegExp(`^  ${c.term.replace(/[[\].]/g, '\\$&')} `, 'm'));
  assert.equal(
    MAINTAINER_COMMANDS.map((c) => c.name),
    ['vectors', 'report', 'mutation'],
  );
  // Without a checkout's registration the maintainers' commands refuse, saying why.
  const vectors = await runCli(['vectors', 'check']);
  assert.is(vectors.code, 2);
  assert.match(vectors.stderr, "'vectors' is a maintainers' command of a kofun-ctk checkout");
  // Their diff subcommands run in every install.
  for (const parent of ['vectors', 'report']) {
    const diff = await runCli([parent, 'diff', '--help']);
    assert.is(diff.code, 0, parent);
    assert.match(diff.stdout, `Usage: kofun-ctk ${parent} diff [options]`);
  }
  const version = (JSON.parse(readFileSync(join(kitRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  assert.is((await runCli(['-V'])).stdout, `${version}\n`);
  // run --help states the exit status: a failure exits 1 even when the run is also incomplete.
  const run = await runCli(['run', '--help']);
  assert.match(run.stdout, /\n {2}1 {2}the gate failed: a FAIL, ERROR or XPASS, .*\n.*also when the run is incomplete/);
  assert.match(run.stdout, '\n  3  nothing failed, but the run is incomplete');
  // The comma form of --report the README's recipes use is the one the help shows.
  assert.match(
    run.stdout.replace(/\s+/g, ' '),
    'write reports: json, junit, md, html (comma-separated, e.g. --report junit,md',
  );
  const repro = await runCli(['help', 'repro']);
  assert.is(repro.code, 0);
  assert.match(repro.stdout, 'Usage: kofun-ctk repro [options] <vector-id>');
  const unknown = await runCli(['rpro']);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, "error: unknown command 'rpro'\n(Did you mean repro?)");
});

test.run();
