import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  declaredBindProblem,
  etcAllowed,
  hostPolicyRoots,
  masksWithin,
  providerFolderProblem,
  writableNestingProblem,
  type ViewPolicy,
} from './sandbox-view.js';

/** A runner whose home is /home/ci, whose kit is /src/kit (vectors and history hidden), run folder /tmp/run-1. */
const POLICY: ViewPolicy = {
  ...hostPolicyRoots('/home/ci'),
  hidden: [
    { path: '/src/kit/vectors', what: 'a vector set' },
    { path: '/src/kit/.git', what: "the kit's history" },
    { path: '/tmp/run-1', what: "the runner's own folder" },
  ],
};

test('a declared bind may lie below a home or /tmp, but never show one whole, credentials, sockets or answers', () => {
  assert.is(declaredBindProblem('/opt/jdk', POLICY), undefined);
  assert.is(declaredBindProblem('/home/ci/.pyenv/versions/3.12', POLICY), undefined);
  assert.is(declaredBindProblem('/tmp/toolchain', POLICY), undefined);
  const refused: [string, string][] = [
    ['/', 'the whole file system'],
    ['/home', "/home/ci (the runner user's home) whole"],
    ['/home/ci', "/home/ci (the runner user's home) whole"],
    ['/root', "/root (root's home) whole"],
    ['/tmp', "/tmp (the host's temporary folder) whole"],
    ['/home/ci/.ssh', '/home/ci/.ssh (credentials)'],
    ['/home/ci/.config', '/home/ci/.config/gcloud (credentials)'],
    ['/home/ci/.npmrc', '/home/ci/.npmrc (credentials)'],
    ['/run/user/1000', '/run (the runtime folder of the host (its sockets))'],
    ['/var', '/var/run (the runtime folder of the host (its sockets))'],
    ['/src/kit', '/src/kit/vectors (a vector set)'],
    ['/src/kit/vectors/stale', '/src/kit/vectors (a vector set)'],
    ['/tmp/run-1/one-shot-1', "/tmp/run-1 (the runner's own folder)"],
    ['/proc/1', '/proc'],
  ];
  for (const [path, why] of refused) assert.match(declaredBindProblem(path, POLICY) ?? 'none', why, path);
});

test("the provider's own folder may hold what is hidden (it is masked), but not lie in it or be a home", () => {
  assert.is(providerFolderProblem('/src/kit', POLICY), undefined);
  assert.equal(
    masksWithin('/src/kit', POLICY).map((m) => m.path),
    ['/src/kit/vectors', '/src/kit/.git'],
  );
  assert.equal(masksWithin('/work/provider', POLICY), []);
  assert.match(providerFolderProblem('/src/kit/vectors', POLICY) ?? '', 'it lies in /src/kit/vectors (a vector set)');
  assert.match(providerFolderProblem('/home/ci', POLICY) ?? '', 'never shows whole');
  assert.match(providerFolderProblem('/tmp', POLICY) ?? '', 'never shows whole');
  assert.match(providerFolderProblem('/', POLICY) ?? '', 'the whole file system');
  assert.is(providerFolderProblem('/home/ci/src/provider', POLICY), undefined);
});

test('a writable bind may neither hold another bind nor lie in another writable one', () => {
  const w = { path: '/data/w', what: 'the bind at /sandbox/writable/0' };
  const inner = { path: '/data/w/x/kit', what: 'the bind at /sandbox/writable/1' };
  assert.match(writableNestingProblem([w, inner], [])?.message ?? '', 'holds /data/w/x/kit');
  const ro = { path: '/data/w/tool', what: 'the bind at /sandbox/read_only/0' };
  assert.match(writableNestingProblem([w], [ro])?.message ?? '', 'which a provider could then replace');
  // A writable cache inside the provider's folder is fine: the folder is not below anything the provider writes.
  assert.is(writableNestingProblem([w], [{ path: '/data', what: "the provider's folder" }]), undefined);
});

test('/etc is shown by an allowlist: name lookup, the loader, time zones, TLS roots; no credential', () => {
  for (const yes of ['passwd', 'group', 'ld.so.cache', 'localtime', 'ssl/certs', 'java-17-openjdk', 'python3.11'])
    assert.ok(etcAllowed(yes), yes);
  for (const no of [
    'shadow',
    'gshadow',
    'sudoers',
    'ssh',
    'npmrc',
    'pip.conf',
    'ssl/private',
    'gitconfig',
    'machine-id',
  ])
    assert.not.ok(etcAllowed(no), no);
});

test.run();
