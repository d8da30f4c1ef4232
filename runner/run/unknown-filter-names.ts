/**
 * Filter values that name nothing in the vector set: a category no vector has, an exact id that is not a vector, a
 * prefix no id starts with, a clause no vector exercises. A selection built on such a name would silently run less
 * (or, with `--exclude-category`, more) than the user asked for, so each is reported with the nearest known name.
 */
import { compareUtf8 } from '../../oracle/index.js';
import type { SelectableVector } from '../vectors/select-vectors.js';
import { suggestName } from '../io/suggest-name.js';

/** One filter value that names nothing: the option, the value, and the nearest known name when there is one. */
export interface UnknownFilterName {
  option: '--category' | '--exclude-category' | '--id' | '--clause';
  name: string;
  suggestion?: string;
}

/** The values given to filter options that name nothing in `vectors`. */
export function unknownFilterNames(
  vectors: readonly SelectableVector[],
  filters: {
    categories: readonly string[];
    excludeCategories?: readonly string[];
    ids: readonly string[];
    clauses: readonly string[];
  },
): UnknownFilterName[] {
  const categories = sorted(vectors.map((v) => v.category));
  const ids = sorted(vectors.map((v) => v.id));
  const clauses = sorted(vectors.flatMap((v) => v.clauses));
  const out: UnknownFilterName[] = [];
  const check = (option: UnknownFilterName['option'], values: readonly string[], known: readonly string[]): void => {
    for (const name of values) {
      if (known.includes(name)) continue;
      const suggestion = suggestName(name, known);
      out.push(suggestion === undefined ? { option, name } : { option, name, suggestion });
    }
  };
  check('--category', filters.categories, categories);
  check('--exclude-category', filters.excludeCategories ?? [], categories);
  for (const pattern of filters.ids) {
    if (pattern.endsWith('*')) {
      const prefix = pattern.slice(0, -1);
      if (ids.some((id) => id.startsWith(prefix))) continue;
      // A prefix is compared with the ids cut near its length, one byte longer first, so `stal/*` finds `stale/*`.
      const heads = [1, 0, -1].flatMap((d) => sorted(ids.map((id) => id.slice(0, Math.max(1, prefix.length + d)))));
      const head = suggestName(prefix, heads);
      out.push(
        head === undefined
          ? { option: '--id', name: pattern }
          : { option: '--id', name: pattern, suggestion: `${head}*` },
      );
      continue;
    }
    if (ids.includes(pattern)) continue;
    const suggestion = suggestName(pattern, ids);
    out.push(
      suggestion === undefined ? { option: '--id', name: pattern } : { option: '--id', name: pattern, suggestion },
    );
  }
  check('--clause', filters.clauses, clauses);
  return out;
}

function sorted(values: readonly string[]): string[] {
  return [...new Set(values)].sort(compareUtf8);
}
