import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { declaredEnvironmentProblem, passEnvProblem, providerEnvironment } from './sandbox-environment.js';

test("a provider's environment: the allowlist, then what the configuration declares, then what is passed", () => {
  const env = providerEnvironment({
    path: '/usr/bin:/bin',
    scratch: '/tmp/s',
    declared: { RUST_LOG: 'warn', LANG: 'en_GB.UTF-8' },
    passed: { CARGO_TOKEN: 't' },
  });
  assert.equal(env, {
    PATH: '/usr/bin:/bin',
    HOME: '/tmp/s',
    TMPDIR: '/tmp/s',
    LANG: 'en_GB.UTF-8',
    LC_ALL: 'C.UTF-8',
    TZ: 'UTC',
    RUST_LOG: 'warn',
    CARGO_TOKEN: 't',
  });
});

test('a configuration may not set what the runner sets for the instance, nor a name of the runner', () => {
  for (const ok of ['RUST_LOG', 'PATH', 'LD_LIBRARY_PATH', 'JAVA_HOME'])
    assert.is(declaredEnvironmentProblem(ok), undefined);
  assert.match(declaredEnvironmentProblem('HOME') ?? '', 'set by the runner');
  assert.match(declaredEnvironmentProblem('TMPDIR') ?? '', 'set by the runner');
  assert.match(declaredEnvironmentProblem('KOFUN_CTK_CONTAINMENT_X') ?? '', "the runner's own");
  assert.match(declaredEnvironmentProblem('A=B') ?? '', 'not an environment variable name');
});

test('--pass-env passes a variable of the runner on purpose, never one the loader or the runner owns', () => {
  const runner = { NPM_TOKEN: 'x', LD_PRELOAD: '/x.so', GCONV_PATH: '/g', PATH: '/bin' };
  assert.is(passEnvProblem('NPM_TOKEN', runner), undefined);
  assert.match(passEnvProblem('MISSING', runner) ?? '', "not set in the runner's environment");
  assert.match(passEnvProblem('LD_PRELOAD', runner) ?? '', 'the dynamic loader reads it');
  assert.match(passEnvProblem('GCONV_PATH', runner) ?? '', 'the dynamic loader reads it');
  assert.match(passEnvProblem('PATH', runner) ?? '', 'the runner sets PATH itself');
  assert.match(passEnvProblem('1X', runner) ?? '', 'not a variable name');
});

test.run();
