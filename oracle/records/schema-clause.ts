/**
 * The KD- clause of a failing schema keyword, found from ajv's `schemaPath` in the parsed schema files, so that a
 * validator compiled at run time and one precompiled by ajv's standalone code generation (which carries its own
 * copies of the schema objects) give the same clause.
 *
 * Each subschema's `description` starts with the clause it states; the clause of a keyword is the one of the
 * innermost described ancestor-or-self of the subschema that holds it, counted from its file's root.
 *
 * ajv spells `schemaPath` three ways (ajv 8, checked on the kit's schemas):
 * - `urn:kofun-ctk:schema:NAME#/...`: a `$ref` to another schema that ajv inlined; the path is absolute.
 * - `#/$defs/X/...`: a local `$ref` that ajv inlined, spelled as written, so relative to the root of the file
 *   that holds the `$ref`;
 * - `#/...` in every other case, relative to the schema ajv compiled as one function: the validated root, or a
 *   `$ref` target it did not inline (one that holds a `$ref` itself, such as `fixture#/$defs/Candidate`). The
 *   path does not say which.
 * So a `#/` path is resolved in each possible base (the validated root first, then each `$ref` target reachable
 * from it) and the base taken is the first where the path leads to a subschema equal to the error's
 * `parentSchema` (ajv's `verbose` option; equal by value, as the two modes share no schema objects) and that
 * applies at the error's instance location less the steps the path descends.
 */
import { isDeepStrictEqual } from 'node:util';

type SchemaNode = { [key: string]: unknown };

/** The parts of an ajv error that locate its keyword. */
export interface KeywordLocation {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  parentSchema?: unknown;
}

/** A subschema: its file (schema name) and its JSON pointer segments from that file's root. */
interface Base {
  name: string;
  segments: readonly string[];
}

const CLAUSE = /\bKD-[A-Z]+-\d{2}\b/;

/** The clause a schema node's own `description` states, if any. */
export function clauseOf(node: SchemaNode): string | undefined {
  const d = node['description'];
  if (typeof d !== 'string') return undefined;
  return CLAUSE.exec(d)?.[0];
}

function isSchemaNode(node: unknown): node is SchemaNode {
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}

/** ajv escapes a path segment as a JSON pointer token, then as a URI fragment. */
function unescapeSegment(s: string): string {
  return decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~');
}

function segmentsOf(fragment: string): string[] {
  return fragment === '' ? [] : fragment.split('/').slice(1).map(unescapeSegment);
}

/**
 * The segments of an error's instancePath: a JSON Pointer (RFC 6901) as ajv writes it, not a URI fragment, so a key
 * holding `%` is not percent-decoded (decoding it would misread `%41` and throw on `a%`).
 */
function instanceSegments(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Walks `segments` from `root`: the node reached and the clause of its innermost described ancestor-or-self, or
 * undefined when the path does not resolve.
 */
function walk(root: SchemaNode, segments: readonly string[]): { node: unknown; clause: string } | undefined {
  let node: unknown = root;
  let clause = clauseOf(root) ?? 'KD-CANON-16';
  for (const seg of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, seg)) return undefined;
    node = (node as Record<string, unknown>)[seg];
    if (isSchemaNode(node)) clause = clauseOf(node) ?? clause;
  }
  return { node, clause };
}

/** Finds clauses from schema paths over the parsed schema roots (schema name -> root). */
export class SchemaClauses {
  readonly #roots: ReadonlyMap<string, SchemaNode>;
  readonly #prefix: string;
  readonly #bases = new Map<string, Base[]>();

  constructor(roots: ReadonlyMap<string, SchemaNode>, idPrefix: string) {
    this.#roots = roots;
    this.#prefix = idPrefix;
  }

  /**
   * The clause of the keyword `err` locates, validated against schema `name`; undefined when the path does not
   * resolve (the caller falls back to the record's clause).
   */
  clauseFor(name: string, err: KeywordLocation): string | undefined {
    const { schemaPath } = err;
    const hash = schemaPath.indexOf('#');
    let base: Base | undefined;
    let rest: string[];
    if (schemaPath.startsWith('#')) {
      rest = segmentsOf(schemaPath.slice(1));
    } else if (schemaPath.startsWith(this.#prefix)) {
      const located = this.#absolute(hash < 0 ? schemaPath : schemaPath.slice(0, hash), hash >= 0);
      if (located === undefined) return undefined;
      base = { name: located.name, segments: [] };
      rest = [...located.segments, ...segmentsOf(hash < 0 ? '' : schemaPath.slice(hash + 1))];
    } else {
      return undefined;
    }
    // The path is the subschema's path followed by the keyword (ajv's "false schema" error has none).
    const parent = rest.at(-1) === err.keyword ? rest.slice(0, -1) : rest;
    if (base !== undefined) return this.#clauseAt(base, parent);
    const instance = instanceSegments(err.instancePath);
    for (const b of this.#basesOf(name)) {
      // An inlined local `$ref` spells its target first (`#/$defs/X/...`): the base is then that target.
      const [effective, rel] =
        parent[0] === '$defs' && parent.length >= 2 && b.segments.length === 0
          ? [{ name: b.name, segments: parent.slice(0, 2) }, parent.slice(2)]
          : [b, parent];
      const root = this.#roots.get(effective.name);
      const hit = root === undefined ? undefined : walk(root, [...effective.segments, ...rel]);
      if (hit === undefined || !isDeepStrictEqual(hit.node, err.parentSchema)) continue;
      const steps = instanceSteps(rel);
      if (steps === undefined || steps > instance.length) continue;
      if (this.#appliesAt(name, instance.slice(0, instance.length - steps), effective)) return hit.clause;
    }
    return undefined;
  }

  /**
   * Whether subschema `base` applies at instance location `at` (pointer segments) when validating against
   * schema `name`: the validated root applies at the top; a `$ref` target where a subschema applying there refers
   * to it. Every branch of `anyOf`, `oneOf`, `if`/`then`/`else` and `not` is taken, so this over-approximates
   * what ajv evaluated, and tells apart two definitions of one shape (TraitIdentity, EffectIdentity).
   */
  #appliesAt(name: string, at: readonly string[], base: Base): boolean {
    const key = keyOf(base);
    let here = this.#expand([{ name, segments: [] }]);
    for (const seg of at) {
      const next: Base[] = [];
      for (const b of here) next.push(...this.#children(b, seg));
      here = this.#expand(next);
      if (here.length === 0) return false;
    }
    return here.some((b) => keyOf(b) === key);
  }

  /** The subschemas that apply at the same instance location as those of `start`, through applicators. */
  #expand(start: readonly Base[]): Base[] {
    const out: Base[] = [];
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length > 0) {
      const b = queue.shift() as Base;
      if (seen.has(keyOf(b))) continue;
      seen.add(keyOf(b));
      out.push(b);
      const node = this.#node(b);
      if (!isSchemaNode(node)) continue;
      const at = (...segs: string[]): Base => ({ name: b.name, segments: [...b.segments, ...segs] });
      for (const k of ['allOf', 'anyOf', 'oneOf']) {
        const list = node[k];
        if (Array.isArray(list)) list.forEach((_, i) => queue.push(at(k, String(i))));
      }
      for (const k of ['if', 'then', 'else', 'not', 'propertyNames']) if (k in node) queue.push(at(k));
      const ref = node['$ref'];
      if (typeof ref === 'string') {
        const target = this.#target(b.name, ref);
        if (target !== undefined) queue.push(target);
      }
    }
    return out;
  }

  /** The subschemas of `b` that apply to the instance child `seg`. */
  #children(b: Base, seg: string): Base[] {
    const node = this.#node(b);
    if (!isSchemaNode(node)) return [];
    const at = (...segs: string[]): Base => ({ name: b.name, segments: [...b.segments, ...segs] });
    const out: Base[] = [];
    const props = node['properties'];
    if (isSchemaNode(props) && Object.prototype.hasOwnProperty.call(props, seg)) out.push(at('properties', seg));
    const patterns = node['patternProperties'];
    if (isSchemaNode(patterns)) for (const re of Object.keys(patterns)) out.push(at('patternProperties', re));
    if (isSchemaNode(node['additionalProperties'])) out.push(at('additionalProperties'));
    if (/^(0|[1-9]\d*)$/.test(seg)) {
      const prefix = node['prefixItems'];
      if (Array.isArray(prefix) && Number(seg) < prefix.length) out.push(at('prefixItems', seg));
      if (isSchemaNode(node['items'])) out.push(at('items'));
      if (isSchemaNode(node['contains'])) out.push(at('contains'));
    }
    return out;
  }

  #node(b: Base): unknown {
    const root = this.#roots.get(b.name);
    return root === undefined ? undefined : walk(root, b.segments)?.node;
  }

  #clauseAt(base: Base, segments: readonly string[]): string | undefined {
    const root = this.#roots.get(base.name);
    return root === undefined ? undefined : walk(root, [...base.segments, ...segments])?.clause;
  }

  /**
   * A `urn:kofun-ctk:schema:` URI without its fragment, as a schema name and segments. Without a `#` the name
   * itself holds a `/` (`kofun.ctk.release-expectation/v1/properties/x`): the longest schema name that is a
   * prefix up to a `/` is taken.
   */
  #absolute(uri: string, hadFragment: boolean): Base | undefined {
    const tail = uri.slice(this.#prefix.length);
    if (hadFragment) return this.#roots.has(tail) ? { name: tail, segments: [] } : undefined;
    let best: string | undefined;
    for (const n of this.#roots.keys())
      if ((tail === n || tail.startsWith(`${n}/`)) && (best === undefined || n.length > best.length)) best = n;
    return best === undefined ? undefined : { name: best, segments: segmentsOf(tail.slice(best.length)) };
  }

  /** The validated root, then every `$ref` target and schema root reachable from it, in the order found. */
  #basesOf(name: string): Base[] {
    const cached = this.#bases.get(name);
    if (cached !== undefined) return cached;
    const bases: Base[] = [{ name, segments: [] }];
    const seen = new Set<string>([keyOf(bases[0] as Base)]);
    const walked = new Set<string>();
    const pending = [name];
    while (pending.length > 0) {
      const file = pending.shift() as string;
      if (walked.has(file)) continue;
      walked.add(file);
      for (const ref of refsIn(this.#roots.get(file))) {
        const target = this.#target(file, ref);
        if (target === undefined) continue;
        // A root another file reaches is a base too: its inlined `#/$defs/...` paths are relative to it.
        const found = target.name === file ? [target] : [target, { name: target.name, segments: [] }];
        for (const b of found) {
          if (seen.has(keyOf(b))) continue;
          seen.add(keyOf(b));
          bases.push(b);
        }
        if (target.name !== file) pending.push(target.name);
      }
    }
    this.#bases.set(name, bases);
    return bases;
  }

  #target(file: string, ref: string): Base | undefined {
    const hash = ref.indexOf('#');
    const fragment = hash < 0 ? '' : ref.slice(hash + 1);
    if (ref.startsWith('#')) return { name: file, segments: segmentsOf(fragment) };
    if (!ref.startsWith(this.#prefix)) return undefined;
    const name = (hash < 0 ? ref : ref.slice(0, hash)).slice(this.#prefix.length);
    return this.#roots.has(name) ? { name, segments: segmentsOf(fragment) } : undefined;
  }
}

function keyOf(b: Base): string {
  return `${b.name}#${b.segments.map((seg) => `/${seg}`).join('')}`;
}

/**
 * How many instance steps a schema path (relative to the subschema a function validates) descends: one for each
 * property, item or additional-property subschema, none for an applicator; undefined for a keyword this kit's
 * schemas do not use, whose step ajv's path would not show.
 */
function instanceSteps(rel: readonly string[]): number | undefined {
  let steps = 0;
  for (let i = 0; i < rel.length; i++) {
    const k = rel[i] as string;
    if (k === 'properties' || k === 'patternProperties' || k === 'prefixItems') {
      steps++;
      i++;
    } else if (k === 'items' || k === 'additionalProperties' || k === 'contains') steps++;
    else if (k === 'allOf' || k === 'anyOf' || k === 'oneOf' || k === 'dependentSchemas') i++;
    else if (!['if', 'then', 'else', 'not', 'propertyNames'].includes(k)) return undefined;
  }
  return steps;
}

/** Every `$ref` string in a schema tree, in document order. */
function refsIn(root: unknown): string[] {
  const out: string[] = [];
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else visit(v);
    }
  };
  visit(root);
  return out;
}
