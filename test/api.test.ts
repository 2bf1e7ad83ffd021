// The public surface, name by name: every export of each entry with its kind, read by the TypeScript
// compiler from the sources (type-only exports included), compared to the list below. A change of the
// surface fails here until this list is edited with it, so that adding, removing, renaming or moving an
// export is a decision (a removed or renamed documented name keeps a deprecated alias and a CHANGELOG line;
// a name moved to another entry gets a row in docs/api.md's "Where did X go" and a CHANGELOG line). Which
// entry a name belongs in is decided by RULES below, the rules written at the top of src/entries/*.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '..');

const ENTRIES = {
  rankeval: 'src/index.ts',
  'rankeval/diversity': 'src/entries/diversity.ts',
  'rankeval/fusion': 'src/entries/fusion.ts',
  'rankeval/preferences': 'src/entries/preferences.ts',
  'rankeval/judge': 'src/judge.ts',
  'rankeval/matchers': 'src/matchers/index.ts',
  'rankeval/report': 'src/report/index.ts',
  'rankeval/vitest': 'src/vitest.ts',
} as const;

type Entry = keyof typeof ENTRIES;

const SURFACE: Record<Entry, readonly string[]> = {
  rankeval: [
    'AgreementFigures: interface',
    'AgreementInterval: type',
    'AnovaDesign: interface',
    'AnswerSentence: interface',
    'ApDenominator: type',
    'Aspects: type',
    'AssignedNugget: interface',
    'BinaryAgreement: interface',
    'BudgetExplanation: interface',
    'BudgetWindow: interface',
    'BudgetedDocument: interface',
    'ByJudge: type',
    'ByQuery: type',
    'Chunk: type',
    'CohenKappaOptions: interface',
    'CombineJudges: type',
    'CompareOptions: interface',
    'CompareScoresOptions: interface',
    'Comparison: interface',
    'ComparisonRow: interface',
    'ConfidenceInterval: interface',
    'ConfidenceIntervalOptions: interface',
    'Conventions: interface',
    'Correction: type',
    'DocumentNuggets: type',
    'ErrorAbout: interface',
    'ErrorFacts: interface',
    'ErrorFields: interface',
    'ErrorPlace: interface',
    'ErrorScope: interface',
    'ErrorSubject: type',
    'ErrorText: type',
    'EstimateAlternative: type',
    'EstimateLabels: interface',
    'EstimateMeanData: interface',
    'EstimateMeanOptions: interface',
    'EstimateNuggetScoreOptions: interface',
    'EstimateRunOptions: interface',
    'EstimateWarning: interface',
    'EvaluateMeasuresOptions: interface',
    'EvaluateNuggetsOptions: interface',
    'EvaluateOptions: interface',
    'EvaluateRetrieverOptions: interface',
    'EvaluateRunOptions: interface',
    'EvaluateRunStreamOptions: interface',
    'Evaluation: interface',
    'Evaluator: interface',
    'ExplainOptions: interface',
    'ExplainedDocument: interface',
    'Explanation: interface',
    'FlippedPair: interface',
    'Gain: type',
    'GoldenSet: interface',
    'GoldenSetFormat: type',
    'GoldenSetReadOptions: interface',
    'GradeTable: interface',
    'ItemScores: type',
    'JudgeEvaluation: interface',
    'Judgment: interface',
    'JudgmentStore: interface',
    'KappaFigures: interface',
    'KappaWeights: type',
    'KendallTauOptions: interface',
    'KendallVariant: type',
    'KrippendorffAlphaOptions: interface',
    'LabelAgreement: interface',
    'LabelAgreementOptions: interface',
    'LabelPlan: interface',
    'LabelPlanWarning: type',
    'LabelSource: type',
    'Latency: interface',
    'LatencySummary: interface',
    'LengthsFormat: type',
    'MeanEstimate: interface',
    'MeanInterval: interface',
    'MeanScores: interface',
    'MeasureKey: type',
    'MeasureName: type',
    'MeasurementLevel: type',
    'Mergeable: interface',
    'MetricOptions: interface',
    'MissedDocument: interface',
    'Nugget: interface',
    'NuggetAgreementWarning: type',
    'NuggetAnswer: interface',
    'NuggetAnswerScores: interface',
    'NuggetAnswersReadOptions: interface',
    'NuggetAssignmentPromptInput: interface',
    'NuggetAssignmentPromptOptions: interface',
    'NuggetAssignmentsOfOptions: interface',
    'NuggetAssignmentsReadOptions: interface',
    'NuggetBank: type',
    'NuggetEstimate: interface',
    'NuggetEstimateWarning: interface',
    'NuggetEvaluation: interface',
    'NuggetGrades: type',
    'NuggetImportance: type',
    'NuggetJudgment: interface',
    'NuggetJudgmentStore: interface',
    'NuggetLabelAgreement: interface',
    'NuggetLabelAgreementOptions: interface',
    'NuggetReadOptions: type',
    'NuggetRecallOptions: interface',
    'NuggetRecallResult: interface',
    'NuggetRunEstimate: type',
    'NuggetRunScores: interface',
    'NuggetScoreKey: type',
    'NuggetScoreName: type',
    'NuggetScores: type',
    'NuggetSupport: type',
    'NuggetSystemAgreementOptions: interface',
    'OrderAgreement: interface',
    'Overlap: interface',
    'OverlapOptions: interface',
    'PairedTDesign: interface',
    'ParseAssignmentOptions: interface',
    'PlanLabelsOptions: interface',
    'PlanLabelsPilot: interface',
    'Pool: type',
    'PoolFormat: type',
    'PoolOptions: interface',
    'PoolOrder: type',
    'PoolStats: interface',
    'PoolStatsOptions: interface',
    'Qrels: type',
    'QrelsByJudge: type',
    'QrelsByJudgeFormat: type',
    'QueriesNeeded: interface',
    'QueriesNeededOptions: type',
    'QueryOverlap: interface',
    'QuerySample: interface',
    'RagAnswer: interface',
    'RankCorrelationOptions: interface',
    'RankevalError: class',
    'RankevalErrorCode: type',
    'Ranking: type',
    'Rbo: interface',
    'RboOptions: interface',
    'RboTies: type',
    'ReadOptions: interface',
    'RegressionRule: interface',
    'RelevancePromptInput: interface',
    'RelevanceScale: type',
    'RetrievalFailure: interface',
    'Retrieve: type',
    'Retrieved: type',
    'RetrieverEvaluation: interface',
    'RetrieverGoldenSet: interface',
    'RetrieverLatency: interface',
    'RetrieverProgress: interface',
    'Run: interface',
    'RunCheckMode: type',
    'RunChecks: interface',
    'RunCoverage: interface',
    'RunEstimate: interface',
    'RunEvaluation: interface',
    'RunFormat: type',
    'RunSource: type',
    'RunWarning: interface',
    'RunWarningCode: type',
    'SUPPORT_GRADES: object',
    'ScoreAgreementOptions: interface',
    'ScoreOrder: type',
    'ScoredDocument: interface',
    'SignificanceTest: type',
    'Source: type',
    'StoreReadOptions: type',
    'SystemAgreement: interface',
    'SystemAgreementOptions: interface',
    'SystemAgreementWarning: type',
    'TestPowerOptions: type',
    'TieVariant: type',
    'TiedRanking: type',
    'Ties: type',
    'ToQrelsOptions: interface',
    'UnjudgedCount: interface',
    'UnjudgedDocuments: interface',
    'WriteGoldenSetOptions: interface',
    'WriteRunOptions: interface',
    'averagePrecision: function',
    'cohenKappa: function',
    'compare: function',
    'compareScores: function',
    'confidenceInterval: function',
    'contextPrecision: function',
    'createEvaluator: function',
    'dcgAtK: function',
    'estimateDifference: function',
    'estimateMean: function',
    'estimateNuggetScore: function',
    'estimateRun: function',
    'evaluate: function',
    'evaluateNuggets: function',
    'evaluateRetriever: function',
    'evaluateRun: function',
    'evaluateRunByJudge: function',
    'evaluateRunStream: function',
    'explainRanking: function',
    'explainWithinBudget: function',
    'f1AtK: function',
    'higherIsBetter: function',
    'idcgAtK: function',
    'isRankevalError: function',
    'kendallTau: function',
    'krippendorffAlpha: function',
    'labelAgreement: function',
    'mean: function',
    'meanReciprocalRank: function',
    'mergeEvaluations: function',
    'ndcgAtK: function',
    'nuggetAssignmentPrompt: function',
    'nuggetAssignmentsOf: function',
    'nuggetComparisonScores: function',
    'nuggetLabelAgreement: function',
    'nuggetRecall: function',
    'nuggetRecallOfRun: function',
    'nuggetScoresByRun: function',
    'nuggetSystemAgreement: function',
    'overlap: function',
    'parseAssignment: function',
    'parseGoldenSet: function',
    'parseGrade: function',
    'parseJudgments: function',
    'parseLengths: function',
    'parseNuggetAnswers: function',
    'parseNuggetAssignments: function',
    'parseNuggetBank: function',
    'parseNuggetJudgments: function',
    'parsePool: function',
    'parseQrelsByJudge: function',
    'parseRagRun: function',
    'parseRun: function',
    'percentile: function',
    'planLabels: function',
    'pool: function',
    'poolLines: function',
    'poolStats: function',
    'precisionAtK: function',
    'queriesNeeded: function',
    'rPrecision: function',
    'rbo: function',
    'readGoldenSet: function',
    'readJudgments: function',
    'readLengths: function',
    'readNuggetAssignments: function',
    'readNuggetBank: function',
    'readNuggetJudgments: function',
    'readPool: function',
    'readQrelsByJudge: function',
    'readRun: function',
    'recallAtK: function',
    'reciprocalRank: function',
    'regressions: function',
    'relevancePrompt: function',
    'successAtK: function',
    'systemAgreement: function',
    'systemAgreementOfScores: function',
    'tauAP: function',
    'testPower: function',
    'toQrels: function',
    'toQrelsByJudge: function',
    'writeGoldenSet: function',
    'writeRun: function',
  ],
  'rankeval/diversity': [
    'QueryAspects: type',
    'allAspects: function',
    'alphaNdcg: function',
    'aspectRecall: function',
    'errIa: function',
    'pIa: function',
  ],
  'rankeval/fusion': [
    'FuseOptions: interface',
    'FusionFold: interface',
    'FusionMethod: type',
    'FusionNorm: type',
    'FusionOptimization: interface',
    'FusionRun: type',
    'FusionSetting: type',
    'OptimizeFusionOptions: interface',
    'OptimizedFusionMethod: type',
    'fuse: function',
    'optimizeFusion: function',
  ],
  'rankeval/preferences': [
    'PreferenceJudgment: interface',
    'PreferenceMeasure: type',
    'PreferenceRunScores: interface',
    'PreferenceScores: type',
    'Preferences: type',
    'PreferencesFormat: type',
    'QueryPreferences: type',
    'evaluatePreferences: function',
    'evaluatePreferencesRun: function',
    'parsePreferences: function',
    'readPreferences: function',
  ],
  'rankeval/judge': [
    'AssignAnswer: type',
    'AssignFailure: interface',
    'AssignFunction: type',
    'AssignNuggetsOptions: interface',
    'AssignNuggetsResult: interface',
    'AssignProgress: type',
    'AssignRequest: interface',
    'JudgeAnswer: type',
    'JudgeFailure: interface',
    'JudgeFunction: type',
    'JudgeOptions: interface',
    'JudgeProgress: interface',
    'JudgeProgressOptions: interface',
    'JudgeRequest: interface',
    'JudgeResult: interface',
    'ProgressOutput: interface',
    'assignNuggets: function',
    'judge: function',
    'judgeProgress: function',
  ],
  'rankeval/matchers': [
    'GateOptions: interface',
    'MatcherContext: interface',
    'MatcherResult: interface',
    'MeasureBounds: interface',
    'RankevalMatchers: interface',
    'RegressionOptions: interface',
    'rankevalMatchers: object',
  ],
  'rankeval/report': [
    'CurvePoint: interface',
    'DeltaSeries: interface',
    'LossList: interface',
    'LostQuery: interface',
    'LostScore: interface',
    'LostView: type',
    'MeanBar: interface',
    'MovedQuery: interface',
    'OverlapDocument: interface',
    'OverlapReportData: interface',
    'OverlapReportInput: interface',
    'OverlapReportOptions: interface',
    'QueryDelta: interface',
    'QueryOverlapRow: interface',
    'RenderOptions: interface',
    'ReportData: interface',
    'ReportInput: interface',
    'ReportOptions: interface',
    'ReportScoresInput: interface',
    'ScoreLossList: interface',
    'SliceMean: interface',
    'overlapReportData: function',
    'renderOverlapReport: function',
    'renderReport: function',
    'renderReportData: function',
    'reportData: function',
  ],
  'rankeval/vitest': ['GateOptions: interface', 'MeasureBounds: interface', 'RankevalMatchers: interface', 'RegressionOptions: interface'],
};

/** What an exported symbol is: a type (interface or alias), or a value (function, class, object, constant). */
function kindOf(checker: ts.TypeChecker, exported: ts.Symbol): string {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const typeOnly = (exported.declarations ?? []).some((declaration) => ts.isTypeOnlyImportOrExportDeclaration(declaration));
  if (!typeOnly && symbol.flags & ts.SymbolFlags.Value) {
    if (symbol.flags & ts.SymbolFlags.Class) return 'class';
    if (symbol.flags & ts.SymbolFlags.Function) return 'function';
    const type = checker.getTypeOfSymbol(symbol);
    if (type.getCallSignatures().length > 0) return 'function';
    return type.flags & ts.TypeFlags.Object ? 'object' : 'constant';
  }
  return symbol.flags & ts.SymbolFlags.Interface ? 'interface' : 'type';
}

/** Where each entry's exports are declared, read once by one program over every entry. */
let declared: Record<Entry, { name: string; kind: string; file: string }[]> | undefined;

/** Each entry's exports: name, kind, and the file (relative to the root, `/` separators) that declares it. */
function exportsOfEntries(): Record<Entry, { name: string; kind: string; file: string }[]> {
  if (declared !== undefined) return declared;
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const files = Object.values(ENTRIES).map((file) => join(root, file));
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const read = (file: string) => {
    const module = checker.getSymbolAtLocation(program.getSourceFile(join(root, file))!)!;
    return checker.getExportsOfModule(module).map((exported) => {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const source = symbol.declarations![0]!.getSourceFile().fileName;
      return { name: exported.name, kind: kindOf(checker, exported), file: relative(root, source).split(sep).join('/') };
    });
  };
  declared = Object.fromEntries(Object.entries(ENTRIES).map(([entry, file]) => [entry, read(file)])) as Record<Entry, { name: string; kind: string; file: string }[]>;
  return declared;
}

/** Each entry's exports as `name: kind`, sorted by name (code points). */
function surface(): Record<Entry, string[]> {
  const rows = (entry: Entry) => exportsOfEntries()[entry].map(({ name, kind }) => `${name}: ${kind}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(Object.keys(ENTRIES).map((entry) => [entry, rows(entry as Entry)])) as Record<Entry, string[]>;
}

/**
 * The specialist entries' rules (each written at the top of its file in src/entries/): whether a name, declared
 * in `file`, belongs to that entry. A name that no rule claims belongs to `rankeval`.
 */
const RULES: Partial<Record<Entry, (name: string, file: string) => boolean>> = {
  'rankeval/preferences': (name, file) => /preference/i.test(name) || /preference/.test(file),
  'rankeval/fusion': (_, file) => file.startsWith('src/fusion/'),
  'rankeval/diversity': (_, file) => file === 'src/metrics/diversity.ts' || file === 'src/core/aspects.ts',
};

test('the entries are the package’s exports, with types for TypeScript’s older resolutions too', () => {
  const { exports, typesVersions } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown>; typesVersions: { '*': Record<string, unknown> } };
  const entries = Object.keys(exports).filter((path) => path !== './package.json').map((path) => join('rankeval', path));
  expect(entries.sort()).toEqual(Object.keys(ENTRIES).sort());
  expect(Object.keys(typesVersions['*']).map((path) => `rankeval/${path}`).sort()).toEqual(Object.keys(ENTRIES).filter((entry) => entry !== 'rankeval').sort());
});

test('every file of src/entries/ is an entry that only re-exports, and the API reference (typedoc.json) has every entry', () => {
  const files = readdirSync(join(root, 'src/entries')).filter((file) => file.endsWith('.ts')).map((file) => `src/entries/${file}`);
  expect(files.filter((file) => !(Object.values(ENTRIES) as string[]).includes(file))).toEqual([]);
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest);
    expect(source.statements.filter((statement) => !(ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined)).map((statement) => statement.getText(source)), file).toEqual([]);
  }
  const { entryPoints } = JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8')) as { entryPoints: string[] };
  expect([...entryPoints].sort()).toEqual(Object.values(ENTRIES).sort());
});

test('each name of `rankeval` and of the specialist entries is in the entry its rule names', () => {
  const ruled = (['rankeval', ...Object.keys(RULES)] as Entry[]).flatMap((entry) => exportsOfEntries()[entry].map((exported) => ({ entry, ...exported })));
  const misplaced = ruled.flatMap(({ entry, name, file }) => {
    const claimed = (Object.entries(RULES) as [Entry, (name: string, file: string) => boolean][]).filter(([, rule]) => rule(name, file)).map(([owner]) => owner);
    const belongs = claimed.length === 0 ? ['rankeval'] : claimed;
    return belongs.length === 1 && belongs[0] === entry ? [] : [`${name} (${file}): in ${entry}, by the rules in ${belongs.join(' and ')}`];
  });
  expect(misplaced).toEqual([]);
});

test('each entry exports exactly the names and kinds listed here', () => {
  expect(surface()).toEqual(SURFACE);
});

test('the values listed are what each entry exports at run time', async () => {
  for (const [entry, file] of Object.entries(ENTRIES) as [Entry, string][]) {
    const loaded: Record<string, unknown> = await import(join(root, file));
    const values = SURFACE[entry].filter((row) => !/: (interface|type)$/.test(row)).map((row) => row.slice(0, row.indexOf(':')));
    expect(Object.keys(loaded).sort(), entry).toEqual([...values].sort());
  }
});

test('the API overview (docs/api.md) names every export', () => {
  const section = readFileSync(join(root, 'docs/api.md'), 'utf8');
  const names = Object.values(SURFACE).flatMap((rows) => rows.map((row) => row.slice(0, row.indexOf(':'))));
  expect(names.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
});
