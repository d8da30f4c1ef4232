// Broken provider: reads the position's offsets into 32-bit unsigned integers that wrap, so 4294967296 is 0 and the
// position is judged, where a U32 above 4294967295 makes the request invalid (KD-SCALAR-02, L61).
import { encodeLikeCanonical, parseRequest, runBrokenProvider, type Loose } from './broken-provider.js';

const wrap = (n: unknown): unknown => (typeof n === 'number' && n > 0xffffffff ? n % 2 ** 32 : n);

runBrokenProvider('U32 offsets that wrap', {
  request: (request) => {
    const value = parseRequest(request);
    const position = value?.position as Loose | undefined;
    const expression = position?.expression as Loose | undefined;
    if (value === undefined || position === undefined || expression === undefined) return request;
    const before = JSON.stringify(position);
    position.byte_offset = wrap(position.byte_offset);
    expression.start = wrap(expression.start);
    expression.end = wrap(expression.end);
    return JSON.stringify(position) === before ? request : encodeLikeCanonical(value);
  },
});
