#!/usr/bin/env bash
# Packs the kit, installs the tarball into an empty folder and runs the packaged gate
# against the vectors it ships (the reference provider, the stale and release-cost categories).
# usage: scripts/pack-smoke.sh [TARBALL]: with TARBALL (what `npm pack` made of this checkout; CI packs before it
# regenerates the vectors, and runs this beside its other steps) that tarball is installed instead.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ "$#" -gt 0 ]; then
  [ -f "$1" ] || { echo "pack-smoke: $1 is not a file"; exit 2; }
  tarball="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
else
  npm pack --silent --pack-destination "$work" --prefix "$root" >/dev/null
  tarball="$(echo "$work"/kofun-ctk-*.tgz)"
fi
cd "$work"
mkdir app && cd app
npm init -y >/dev/null
npm install --no-audit --no-fund "$tarball" >/dev/null 2>&1
npx --no-install kofun-ctk --help >/dev/null
npx --no-install kofun-ctk run --provider reference --category stale --category release-cost
