// Errors are data: every error src/ throws says what it is about as fields (a subject, the place it arose,
// the facts its words state), not only in words, so that the CLI, the matchers and any caller word it from
// the fields. Read by TypeScript's parser (no regex on the text): each `fail(…)` and `failId(…)` call, and
// each `new RankevalError(…)`, must carry a subject, `at` or `facts`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceRoot } from './helpers/imports.js';

/** Helpers that build a subject, as `fail`'s `what`. */
const SUBJECT_BUILDERS = new Set(['option', 'argument']);

/** The properties of a RankevalError's fields that are data about what the error is about. */
const DATA_FIELDS = new Set(['subject', 'at', 'facts']);

/**
 * Files whose errors their owners are structuring in branches of their own: each is listed while
 * it still throws an error without data, and this test fails once it throws none, so the list only shrinks.
 */
const HANDED_ON: readonly string[] = [];

const present = (node: ts.Expression | undefined): boolean => node !== undefined && !(ts.isIdentifier(node) && node.text === 'undefined');

/** Whether `node` is a subject: `{ kind, … }`, `option(…)`, `argument(…)`, or a name declared as an ErrorSubject in its file. */
function isSubject(node: ts.Expression | undefined): boolean {
  if (node === undefined) return false;
  if (ts.isObjectLiteralExpression(node)) return node.properties.some((property) => property.name?.getText() === 'kind');
  if (ts.isCallExpression(node)) return ts.isIdentifier(node.expression) && SUBJECT_BUILDERS.has(node.expression.text);
  if (!ts.isIdentifier(node)) return false;
  const declared = (found: ts.Node): boolean =>
    ((ts.isParameter(found) || ts.isVariableDeclaration(found)) && ts.isIdentifier(found.name) && found.name.text === node.text && (found.type?.getText() === 'ErrorSubject' || isSubject(found.initializer))) ||
    (ts.forEachChild(found, declared) ?? false);
  return declared(node.getSourceFile());
}

/** Whether a `fail`/`failId` call names a subject or carries `about` (its sixth argument). */
function failCarriesData(call: ts.CallExpression): boolean {
  const [, , what, , , about] = call.arguments;
  return present(about) || isSubject(what);
}

/** `about`, `about(…)` or `aboutOf(…)`: an ErrorAbout, spread into fields. */
const isAbout = (node: ts.Expression): boolean => (ts.isIdentifier(node) && (node.text === 'about' || node.text === 'aboutOf')) || (ts.isCallExpression(node) && isAbout(node.expression));

/** Whether `new RankevalError(fields)` gives a subject, `at` or `facts` among its fields, or spreads an ErrorAbout (`...about`). */
function fieldsCarryData(fields: ts.Expression | undefined): boolean {
  if (fields === undefined || !ts.isObjectLiteralExpression(fields)) return false;
  return fields.properties.some(
    (property) =>
      (property.name !== undefined && ts.isIdentifier(property.name) && DATA_FIELDS.has(property.name.text)) ||
      (ts.isSpreadAssignment(property) && isAbout(property.expression)),
  );
}

/** Each error thrown without data in `source`, as `line: call`. */
function errorsWithoutData(source: ts.SourceFile): string[] {
  // core/errors.ts builds errors from fields given whole (reworded, the deprecated constructor): those are checked where they are made.
  const whole = source.fileName === 'core/errors.ts';
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const callee = ts.isCallExpression(node) && ts.isIdentifier(node.expression) ? node.expression.text : undefined;
    const bare =
      (ts.isCallExpression(node) && (callee === 'fail' || callee === 'failId') && !failCarriesData(node)) ||
      (ts.isNewExpression(node) && node.expression.getText() === 'RankevalError' && !whole && !fieldsCarryData(node.arguments?.[0]));
    if (bare) found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().slice(0, 60)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const parse = (file: string, text: string): ts.SourceFile => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

const sourceFiles = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();

describe('errors are data', () => {
  const files = sourceFiles(sourceRoot);
  const bare = new Map(files.map((file) => [file, errorsWithoutData(parse(file, readFileSync(join(sourceRoot, file), 'utf8')))]));

  it('every error thrown in src/ carries a subject, `at` or `facts`', () => {
    expect([...bare].filter(([file]) => !HANDED_ON.includes(file)).flatMap(([file, places]) => places.map((place) => `${file}:${place}`))).toEqual([]);
  });

  it('each file handed on still throws an error without data (remove it from the list once it throws none)', () => {
    expect(HANDED_ON.filter((file) => (bare.get(file) ?? []).length === 0)).toEqual([]);
  });

  it('the rule sees a bare call and passes a call with data', () => {
    const check = (code: string): string[] => errorsWithoutData(parse('x.ts', code));
    expect(check("fail('invalid_option', fn, 'the level', 'a number', x)")).toHaveLength(1);
    expect(check("fail('invalid_option', fn, 'the level', 'a number', x, undefined)")).toHaveLength(1);
    expect(check("new RankevalError({ code, problem: 'no judge', expected, received })")).toHaveLength(1);
    expect(check("fail('invalid_option', fn, option('k'), 'a number', x)")).toEqual([]);
    expect(check("fail('invalid_option', fn, { kind: 'option', option: 'k' }, 'a number', x)")).toEqual([]);
    expect(check("fail('invalid_option', fn, '`values[3]`', 'a number', x, { subject: argument('values'), facts: { index: 3 } })")).toEqual([]);
    expect(check("function f(subject: ErrorSubject) { fail('invalid_option', fn, subject, 'a number', x); }")).toEqual([]);
    expect(check("const RUN = argument('run'); fail('invalid_run', fn, RUN, 'a run', x);")).toEqual([]);
    expect(check("function f(what: ErrorText) { fail('invalid_option', fn, what, 'a number', x); }")).toHaveLength(1);
    expect(check("new RankevalError({ code, subject, problem: 'no judge', expected, received })")).toEqual([]);
    expect(check("new RankevalError({ code, ...about, problem: 'no judge', expected, received })")).toEqual([]);
    expect(check("new RankevalError({ code, ...fields, problem: 'no judge', expected, received })")).toHaveLength(1);
  });
});
