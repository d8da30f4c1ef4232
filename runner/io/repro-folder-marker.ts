/**
 * The marker of a repro folder (PROTOCOL.md, "Reproducing one vector"): `kofun-ctk repro` writes it first into the
 * folder it fills, before any other file and long before the expected answer, so that whatever later finds the
 * folder (the runner's sandbox, which hides every such folder from a provider; `kofun-ctk replay`, which reads one)
 * knows it for a folder holding a vector's answers. A small JSON file, named by REPRO_FOLDER_MARKER.
 */
import { join } from 'node:path';
import { escapeText } from '../../oracle/index.js';
import { formatJsonInputProblem, readJsonInputFile } from '../../oracle/internal.js';

/** The marker's file name, in the repro folder itself. */
export const REPRO_FOLDER_MARKER = '.kofun-ctk-repro';

/** The folder that holds repro folders when `kofun-ctk repro` is given no --dir (relative to its working folder). */
export const DEFAULT_REPRO_FOLDER = 'kofun-ctk-repro';

/** The marker's `format`. */
export const REPRO_FOLDER_FORMAT = 'kofun.ctk.repro-folder/v1';

/** A marker is a few lines; anything far larger is not one. */
const MAX_MARKER_BYTES = 64 * 1024;

/** The marker's bytes for a repro of `vector` by kit `kitVersion`. */
export function reproMarkerBytes(vector: string, kitVersion: string): Uint8Array {
  const marker = {
    format: REPRO_FOLDER_FORMAT,
    what:
      'a folder written by kofun-ctk repro: it holds the expected answer of a vector, so the runner hides it ' +
      'from every provider',
    vector,
    kit_version: kitVersion,
  };
  return new TextEncoder().encode(`${JSON.stringify(marker, null, 2)}\n`);
}

/** Reads the marker of `folder`: the vector it reproduces, or why the folder is not a repro folder. */
export function readReproMarker(folder: string): { ok: true; vector: string } | { ok: false; message: string } {
  const path = join(folder, REPRO_FOLDER_MARKER);
  const read = readJsonInputFile(path, { maxBytes: MAX_MARKER_BYTES });
  if (!read.ok) {
    return {
      ok: false,
      message: `${escapeText(path)}: ${formatJsonInputProblem(read.problem)} (not a folder kofun-ctk repro wrote)`,
    };
  }
  const value = read.value as { format?: unknown; vector?: unknown } | null;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value.format !== REPRO_FOLDER_FORMAT)
    return { ok: false, message: `${escapeText(path)} at /format: not ${REPRO_FOLDER_FORMAT}` };
  if (typeof value.vector !== 'string') return { ok: false, message: `${escapeText(path)} at /vector: not a string` };
  return { ok: true, vector: value.vector };
}
