/**
 * The complexity ceiling of the kit's shipped and tooling code (`npm run lint:complexity`, run by CI before the
 * tests): every function is measured with the TypeScript compiler's own parse, and one over the ceiling is named by
 * file, line and name. Tests (`*.test.ts`) and test support (`test-support/` folders) are not measured: they repeat
 * set-up on purpose.
 *
 * - Lines: from the line of the function's first token to the line of its last, both counted, nested functions and
 *   comments inside included (what a reader has to hold). At most {@link MAX_LINES}; at most
 *   {@link MAX_LINES_COMMAND} in runner/run/ and runner/commands/, the plan and its phases, which a reader follows
 *   first.
 * - Branches: the points where control may take another way, counted in the function's own body (a nested function
 *   is measured on its own and adds nothing to its parent): `if` (so an `else if` counts once more, a bare `else`
 *   not at all), a conditional expression `a ? b : c`, a `case` clause (not `default`), each `&&`, `||` and `??`
 *   and their assignments `&&=`, `||=`, `??=`, each loop (`for`, `for in`, `for of`, `while`, `do`) and each `catch`.
 *   Optional chaining (`a?.b`) is not a branch. At most {@link MAX_BRANCHES}.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sourceFiles } from './check-line-width.js';

/** The most lines a shipped function may span. */
export const MAX_LINES = 100;
/** The most lines a function in runner/run/ or runner/commands/ may span. */
export const MAX_LINES_COMMAND = 80;
/** The most branches a shipped function may hold in its own body. */
export const MAX_BRANCHES = 30;

/** The folders whose sources are measured: everything the package ships and the kit's own tooling. */
const MEASURED_FOLDERS: readonly string[] = ['bin/', 'oracle/', 'runner/', 'suites/', 'scripts/'];

/**
 * Functions over the ceiling that are known and being split (`path#name`), printed as known rather than failing.
 * The reshaping of the gate run that needed it has landed, so it is empty and stays so: a new entry is never the answer
 * to a new offender.
 */
export const KNOWN_OVER_CEILING: readonly string[] = [];

/** One measured function: where it starts, what it is called, how many lines and branches it has. */
export interface FunctionMeasure {
  readonly path: string;
  readonly line: number;
  readonly name: string;
  readonly lines: number;
  readonly branches: number;
}

/** One function over the ceiling, with the limits it broke. */
export interface Offender extends FunctionMeasure {
  readonly maxLines: number;
  readonly known: boolean;
}

/** Whether `path` (relative, `/`-separated) is measured: a source in a measured folder, not a test or test support. */
export function isMeasured(path: string): boolean {
  if (!MEASURED_FOLDERS.some((folder) => path.startsWith(folder))) return false;
  if (/\.test\.[cm]?[jt]s$/.test(path)) return false;
  return !path.split('/').includes('test-support');
}

/** The line limit of a function in `path`. */
export function lineLimit(path: string): number {
  return path.startsWith('runner/run/') || path.startsWith('runner/commands/') ? MAX_LINES_COMMAND : MAX_LINES;
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

const BRANCHING_OPERATORS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

/** Whether `node` itself is one branch point (see the header). */
function isBranch(node: ts.Node): boolean {
  switch (node.kind) {
    case ts.SyntaxKind.IfStatement:
    case ts.SyntaxKind.ConditionalExpression:
    case ts.SyntaxKind.CaseClause:
    case ts.SyntaxKind.ForStatement:
    case ts.SyntaxKind.ForInStatement:
    case ts.SyntaxKind.ForOfStatement:
    case ts.SyntaxKind.WhileStatement:
    case ts.SyntaxKind.DoStatement:
    case ts.SyntaxKind.CatchClause:
      return true;
    case ts.SyntaxKind.BinaryExpression:
      return BRANCHING_OPERATORS.has((node as ts.BinaryExpression).operatorToken.kind);
    default:
      return false;
  }
}

/** The branches in `fn`'s own body, nested functions left out. */
function countBranches(fn: ts.FunctionLikeDeclaration): number {
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (isFunction(node)) return;
    if (isBranch(node)) count += 1;
    ts.forEachChild(node, visit);
  };
  if (fn.body !== undefined) ts.forEachChild(fn.body, visit);
  return count;
}

function propertyName(name: ts.PropertyName | ts.BindingName, source: ts.SourceFile): string {
  return ts.isIdentifier(name) || ts.isPrivateIdentifier(name) ? name.text : name.getText(source);
}

/** A reader's name for `fn`: its own, the variable or property it is assigned to, or `(anonymous)`. */
function functionName(fn: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  const owner = ts.isClassLike(fn.parent) && fn.parent.name !== undefined ? `${fn.parent.name.text}.` : '';
  if (ts.isConstructorDeclaration(fn)) return `${owner}constructor`;
  if (fn.name !== undefined) return `${owner}${propertyName(fn.name, source)}`;
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return propertyName(parent.name, source);
  }
  return '(anonymous)';
}

/** Every function of one source text, measured. */
export function measureSource(path: string, text: string): FunctionMeasure[] {
  const kind = /\.[cm]?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const measures: FunctionMeasure[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunction(node) && node.body !== undefined) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      measures.push({
        path,
        line: start + 1,
        name: functionName(node, source),
        lines: end - start + 1,
        branches: countBranches(node),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return measures;
}

/** The key of a function in {@link KNOWN_OVER_CEILING}. */
export function offenderKey(measure: FunctionMeasure): string {
  return `${measure.path}#${measure.name}`;
}

/** The measured functions below `root` over the ceiling, known or not, in file order. */
export function checkComplexity(root: string, known: readonly string[] = KNOWN_OVER_CEILING): Offender[] {
  const offenders: Offender[] = [];
  for (const path of sourceFiles(root).filter(isMeasured)) {
    const maxLines = lineLimit(path);
    for (const m of measureSource(path, readFileSync(join(root, path), 'utf8'))) {
      if (m.lines <= maxLines && m.branches <= MAX_BRANCHES) continue;
      offenders.push({ ...m, maxLines, known: known.includes(offenderKey(m)) });
    }
  }
  return offenders;
}

/** The known entries that no longer name an offender (split already, or renamed): the list is to shrink with them. */
export function staleKnown(offenders: readonly Offender[], known: readonly string[] = KNOWN_OVER_CEILING): string[] {
  const found = new Set(offenders.map(offenderKey));
  return known.filter((key) => !found.has(key));
}

function describe(o: Offender): string {
  const size = `${o.lines} lines (at most ${o.maxLines}), ${o.branches} branches (at most ${MAX_BRANCHES})`;
  return `${o.path}:${o.line} ${o.name}: ${size}`;
}

function main(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const offenders = checkComplexity(root);
  const known = offenders.filter((o) => o.known);
  const fresh = offenders.filter((o) => !o.known);
  for (const o of known) process.stdout.write(`known, being split: ${describe(o)}\n`);
  for (const o of fresh) process.stdout.write(`${describe(o)}\n`);
  const stale = staleKnown(offenders);
  for (const key of stale) process.stdout.write(`known entry that is no longer over the ceiling: ${key}\n`);
  if (fresh.length > 0 || stale.length > 0) {
    process.stdout.write(
      `complexity: ${fresh.length} functions over the ceiling, ${stale.length} stale known entries; split a function ` +
        'into named steps (never add it to KNOWN_OVER_CEILING), and drop a known entry once it is split\n',
    );
    process.exitCode = 1;
    return;
  }
  process.stdout.write(
    `complexity: every measured function is within ${MAX_LINES} lines (${MAX_LINES_COMMAND} in runner/run/ and ` +
      `runner/commands/) and ${MAX_BRANCHES} branches; ${known.length} known offenders are being split\n`,
  );
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
