import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeCanonical } from '../oracle/canonical-json/encode-canonical.js';
import type { JsonObject } from '../oracle/canonical-json/json-value.js';
import { evaluateQuery } from '../oracle/pipeline/evaluate-query.js';
import { HIDDEN_NAMES, hiddenMarkers, hiddenWorld } from './fixtures/hidden-world.js';
import { loaded } from './fixtures/request-for.js';
import { hiddenCases } from './hidden.js';

const cases = hiddenCases();

test('the hidden world holds every distinctive marker, so a leak scan has something to find', () => {
  const fixture = JSON.stringify(hiddenWorld());
  for (const marker of hiddenMarkers()) assert.ok(fixture.includes(marker), marker);
});

test(
  'no expected result of the hidden category carries a ' + 'hidden marker beyond the spelling the request supplied',
  () => {
    for (const c of cases) {
      if (!('record' in c.request)) continue;
      const request = c.request.record;
      const result = new TextDecoder().decode(
        evaluateQuery(encodeCanonical(request as unknown as JsonObject), loaded(c.fixture)),
      );
      const echoed = request.query.spelling;
      for (const marker of hiddenMarkers()) {
        if (marker === echoed) continue;
        assert.not.ok(result.includes(marker), `${c.id} discloses ${marker}`);
      }
    }
  },
);

test('there is an explanation case for every hidden kind', () => {
  const spellings = new Set(cases.map((c) => ('record' in c.request ? c.request.record.query.spelling : null)));
  for (const name of Object.values(HIDDEN_NAMES)) {
    if (name === HIDDEN_NAMES.unvalidatedView) continue;
    assert.ok(spellings.has(name), name);
  }
});

test.run();
