export type { JsonObject, JsonValue } from './json-value.js';
export { compareUtf8, utf8Length } from './compare-utf8.js';
export {
  decodeCanonical,
  type CanonicalViolationCode,
  type DecodeCanonicalOptions,
  type DecodeCanonicalResult,
} from './decode-canonical.js';
export {
  encodeCanonical,
  encodeCanonicalText,
  encodeFixtureJson,
  type EncodeCanonicalOptions,
} from './encode-canonical.js';
export { quoteForMessage } from './quote-for-message.js';
