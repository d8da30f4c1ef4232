// Broken provider: only on multi-byte UTF-8: reads offsets as positions between characters, so an offset
// inside a multi-byte character is moved to the character start instead of rejected (KD-POS-06).

import { evaluateQuery } from '../../../oracle/index.js';
import { encodeLikeCanonical, parseRequest, runBrokenProvider } from './broken-provider.js';

/** The greatest code-point boundary at or before `offset`. */
function floorBoundary(source: Uint8Array, offset: number): number {
  let o = Math.min(offset, source.length);
  while (o > 0 && o < source.length && ((source[o] as number) & 0xc0) === 0x80) o -= 1;
  return o;
}

runBrokenProvider('offsets in characters on multi-byte sources', {
  result: ({ result, request, fixture }) => {
    const source = fixture.sourceBytes;
    if (source.every((b) => b < 0x80)) return result;
    const value = parseRequest(request);
    const position = value?.position;
    if (position === undefined || typeof position.byte_offset !== 'number') return result;
    position.byte_offset = floorBoundary(source, position.byte_offset);
    position.expression.start = floorBoundary(source, position.expression.start);
    position.expression.end = floorBoundary(source, position.expression.end);
    return evaluateQuery(encodeLikeCanonical(value), fixture);
  },
});
