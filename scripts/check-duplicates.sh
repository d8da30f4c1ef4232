#!/usr/bin/env bash
# The duplication check (npm run lint:dupes; CI runs it): a clone, six or more lines identical to the token
# (jscpd's strict mode), that is new against the base fails. Only shipped and tooling source counts: tests and
# test support repeat set-up on purpose. The base is KOFUN_CTK_DUPES_BASE when set, else the merge base with
# origin/main on a branch, else the first parent of HEAD (on main: main before the last change landed).
# Existing clones are not a failure here; `npx jscpd ...` with the same options lists them all.
set -uo pipefail
cd "$(dirname "$0")/.."

base="${KOFUN_CTK_DUPES_BASE:-}"
if [ -z "$base" ]; then
  head="$(git rev-parse -q --verify HEAD)" || { echo "lint:dupes: not a git checkout"; exit 2; }
  upstream="$(git rev-parse -q --verify origin/main 2>/dev/null || true)"
  if [ -n "$upstream" ] && merge="$(git merge-base "$head" "$upstream")" && [ "$merge" != "$head" ]; then
    base="$merge"
  else
    # A shallow clone may lack the parent: one more commit is fetched when the remote can give it.
    if [ "$(git rev-parse --is-shallow-repository)" = true ]; then git fetch -q --deepen=1 origin 2>/dev/null || true; fi
    base="$(git rev-parse -q --verify "$head^1")" || {
      echo "lint:dupes: HEAD has no parent to compare with (a shallow clone?); set KOFUN_CTK_DUPES_BASE to a commit"
      exit 2
    }
  fi
fi
git rev-parse -q --verify "$base^{commit}" >/dev/null || { echo "lint:dupes: base $base is not a commit here"; exit 2; }

echo "lint:dupes: new identical code against $(git rev-parse --short "$base")"
FORCE_COLOR=0 NO_COLOR=1 node_modules/.bin/jscpd \
  --min-lines 6 --mode strict --format typescript \
  --ignore '**/*.test.ts,**/test-support/**,**/node_modules/**,dist/**' \
  --reporters console --baseline-from-ref "$base" --fail-on-new-clones 0 \
  oracle runner suites scripts
