// Types of bin/build-stamp.js (plain JavaScript, since the bin runs before anything is compiled).
/** One input of a build: its path relative to the kit root, its size in bytes and its modification time. */
export type InputStat = [path: string, size: number, mtimeMs: number];
export function buildInputs(root: string): string[];
export function statInputs(root: string, inputs?: string[]): InputStat[];
export function clearStamp(root: string): void;
export function writeStamp(root: string, stats: InputStat[]): void;
export function buildIsCurrent(root: string): boolean;
