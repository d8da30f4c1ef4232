/**
 * A decoded canonical JSON value. Numbers are always non-negative safe integers: the
 * canonical profile has no floats, exponents or signs (KD-CANON-03, KD-CANON-10), and the
 * codec knows only U53 (KD-SCALAR-03); narrower ranges are the schema's job.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/**
 * A decoded canonical JSON object. Decoded objects are ordinary objects whose keys are
 * all own data properties, including a key spelled `__proto__` (KD-CANON-07: keys are
 * data, never prototype links). Use `Object.hasOwn` to test for a key.
 */
export interface JsonObject {
  [key: string]: JsonValue;
}
