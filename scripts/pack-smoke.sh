#!/usr/bin/env bash
# Packs the kit, installs the tarball into an empty folder and runs the packaged gate
# against the vectors it ships (the reference provider, one category to stay quick).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
npm pack --silent --pack-destination "$work" --prefix "$root" >/dev/null
cd "$work"
mkdir app && cd app
npm init -y >/dev/null
npm install --no-audit --no-fund "$work"/kofun-ctk-*.tgz >/dev/null 2>&1
npx --no-install kofun-ctk --help >/dev/null
npx --no-install kofun-ctk run --provider reference --category stale --category release-cost
