/**
 * What names an element of a reordered result array, for showing an order-only difference as the expected and the
 * actual order of identities rather than as a line diff (KD-ORDER-*): the compiler-issued keys the canonical order
 * sorts by first (KD-ORDER-11), then the display text a reader recognises. An operation row is named by its SymbolId
 * and ImplementationId (KD-ORDER-05/06), a dependency by (source, kind, value) (KD-ORDER-01/02), a generic
 * requirement or effect by its identity or kind (KD-ORDER-03/04), an omission by (reason, requested_spelling)
 * (KD-ORDER-08), a diagnostic by ID and code (KD-ORDER-09), a string of a `diagnostic_ids` array by itself.
 *
 * The names are raw provider text: every reporter escapes them for its own sink.
 */

/** A decoded JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The key fields of an element without an identity object, in the order the canonical order's sort keys read them. */
const KEY_FIELDS = ['source', 'kind', 'value', 'reason', 'requested_spelling', 'id', 'code'] as const;
/** The display text of an element, the first of these present. */
const DISPLAY_FIELDS = ['qualified_name', 'display', 'display_name'] as const;
/** The longest name of an element that has no key field (its compact JSON, cut). */
const MAX_FALLBACK_CHARS = 60;
/** A compiler-issued id as the records write it: 64 lowercase hex digits. */
const HEX_ID = /\b[0-9a-f]{64}\b/g;
/** The shortest prefix an id is cut to. */
const MIN_ID_PREFIX = 8;

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An identity object's value (`{"kind": …, "value": …}`), or undefined. */
function identityValue(v: Json | undefined): string | undefined {
  return isObject(v) && typeof v['value'] === 'string' ? v['value'] : undefined;
}

function fallback(element: Json): string {
  const text = JSON.stringify(element);
  return text.length > MAX_FALLBACK_CHARS ? `${text.slice(0, MAX_FALLBACK_CHARS)}…` : text;
}

/** The name of one array element, uncut (ids whole). */
export function elementIdentity(element: Json): string {
  if (!isObject(element)) return fallback(element);
  const parts: string[] = [];
  const identity = identityValue(element['identity']);
  if (identity !== undefined) {
    // An operation row, a generic requirement or an effect: its identity, and a row's ImplementationId.
    parts.push(identity);
    const origin = element['origin'];
    const implementation = identityValue(isObject(origin) ? origin['implementation_identity'] : undefined);
    if (implementation !== undefined) parts.push(`impl ${implementation}`);
  } else {
    // A null part (a null identity, a null requested_spelling) sorts first and says nothing a reader needs.
    for (const field of KEY_FIELDS) {
      const v = element[field];
      if (typeof v === 'string') parts.push(v);
      else if (typeof v === 'number' || typeof v === 'boolean') parts.push(String(v));
    }
  }
  const display = DISPLAY_FIELDS.map((f) => element[f]).find((v): v is string => typeof v === 'string');
  if (display !== undefined) parts.push(JSON.stringify(display));
  return parts.length > 0 ? parts.join(' ') : fallback(element);
}

/**
 * The names of two orders of one array with each 64-hex id cut to the shortest prefix (at least 8 digits) that still
 * tells apart every id the two lists hold, marked `…`: a row of whole ids would not fit a line.
 */
export function shortenIds(lists: readonly (readonly string[])[]): string[][] {
  const ids = new Set<string>();
  for (const list of lists) for (const name of list) for (const m of name.matchAll(HEX_ID)) ids.add(m[0]);
  let length = MIN_ID_PREFIX;
  while (length < 64 && new Set([...ids].map((id) => id.slice(0, length))).size < ids.size) length += 1;
  const cut = (name: string): string => name.replace(HEX_ID, (id) => (length < 64 ? `${id.slice(0, length)}…` : id));
  return lists.map((list) => list.map(cut));
}
