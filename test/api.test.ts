// The public surface, name by name: every export of each entry with its kind, read by the TypeScript
// compiler from the sources (type-only exports included), compared to the list below. A change of the
// surface fails here until this list is edited with it, so that adding, removing or renaming an export is
// a decision (and a removed or renamed documented name keeps a deprecated alias and a CHANGELOG line).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '..');

const ENTRIES = {
  rankeval: 'src/index.ts',
  'rankeval/judge': 'src/judging/index.ts',
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
    'Comparison: interface',
    'ComparisonRow: interface',
    'ConfidenceInterval: interface',
    'ConfidenceIntervalOptions: interface',
    'Conventions: interface',
    'Correction: type',
    'ErrorFields: interface',
    'ErrorPlace: interface',
    'ErrorScope: interface',
    'ErrorSubject: type',
    'ErrorText: type',
    'EstimateAlternative: type',
    'EstimateLabels: interface',
    'EstimateMeanData: interface',
    'EstimateMeanOptions: interface',
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
    'FuseOptions: interface',
    'FusionFold: interface',
    'FusionMethod: type',
    'FusionNorm: type',
    'FusionOptimization: interface',
    'FusionRun: type',
    'FusionSetting: type',
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
    'NuggetAnswer: interface',
    'NuggetAnswerScores: interface',
    'NuggetAnswersReadOptions: interface',
    'NuggetAssignmentsReadOptions: interface',
    'NuggetBank: type',
    'NuggetEvaluation: interface',
    'NuggetGrades: type',
    'NuggetImportance: type',
    'NuggetReadOptions: type',
    'NuggetRunScores: interface',
    'NuggetScoreKey: type',
    'NuggetScores: type',
    'NuggetSupport: type',
    'OptimizeFusionOptions: interface',
    'OptimizedFusionMethod: type',
    'OrderAgreement: interface',
    'Overlap: interface',
    'OverlapOptions: interface',
    'PairedTDesign: interface',
    'PlanLabelsOptions: interface',
    'PlanLabelsPilot: interface',
    'Pool: type',
    'PoolFormat: type',
    'PoolOptions: interface',
    'PoolOrder: type',
    'PoolStats: interface',
    'PoolStatsOptions: interface',
    'PreferenceJudgment: interface',
    'PreferenceMeasure: type',
    'PreferenceRunScores: interface',
    'PreferenceScores: type',
    'Preferences: type',
    'PreferencesFormat: type',
    'Qrels: type',
    'QrelsByJudge: type',
    'QrelsByJudgeFormat: type',
    'QueriesNeeded: interface',
    'QueriesNeededOptions: type',
    'QueryAspects: type',
    'QueryOverlap: interface',
    'QueryPreferences: type',
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
    'allAspects: function',
    'alphaNdcg: function',
    'aspectRecall: function',
    'averagePrecision: function',
    'cohenKappa: function',
    'compare: function',
    'confidenceInterval: function',
    'contextPrecision: function',
    'createEvaluator: function',
    'dcgAtK: function',
    'errIa: function',
    'estimateDifference: function',
    'estimateMean: function',
    'estimateRun: function',
    'evaluate: function',
    'evaluateNuggets: function',
    'evaluatePreferences: function',
    'evaluatePreferencesRun: function',
    'evaluateRetriever: function',
    'evaluateRun: function',
    'evaluateRunByJudge: function',
    'evaluateRunStream: function',
    'explainRanking: function',
    'explainWithinBudget: function',
    'f1AtK: function',
    'fuse: function',
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
    'nuggetScoresByRun: function',
    'optimizeFusion: function',
    'overlap: function',
    'pIa: function',
    'parseGoldenSet: function',
    'parseGrade: function',
    'parseJudgments: function',
    'parseLengths: function',
    'parseNuggetAnswers: function',
    'parseNuggetAssignments: function',
    'parseNuggetBank: function',
    'parsePool: function',
    'parsePreferences: function',
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
    'readPool: function',
    'readPreferences: function',
    'readQrelsByJudge: function',
    'readRun: function',
    'recallAtK: function',
    'reciprocalRank: function',
    'regressions: function',
    'relevancePrompt: function',
    'successAtK: function',
    'systemAgreement: function',
    'tauAP: function',
    'testPower: function',
    'toQrels: function',
    'toQrelsByJudge: function',
    'writeGoldenSet: function',
    'writeRun: function',
  ],
  'rankeval/judge': [
    'JudgeAnswer: type',
    'JudgeFailure: interface',
    'JudgeFunction: type',
    'JudgeOptions: interface',
    'JudgeProgress: interface',
    'JudgeProgressOptions: interface',
    'JudgeRequest: interface',
    'JudgeResult: interface',
    'ProgressOutput: interface',
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

/** Each entry's exports as `name: kind`, sorted by name (code points). */
function surface(): Record<Entry, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const files = Object.values(ENTRIES).map((file) => join(root, file));
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const read = (file: string): string[] => {
    const module = checker.getSymbolAtLocation(program.getSourceFile(join(root, file))!)!;
    return checker
      .getExportsOfModule(module)
      .map((exported) => `${exported.name}: ${kindOf(checker, exported)}`)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  };
  return Object.fromEntries(Object.entries(ENTRIES).map(([entry, file]) => [entry, read(file)])) as Record<Entry, string[]>;
}

test('the entries are the package’s exports', () => {
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  const entries = Object.keys(exports).filter((path) => path !== './package.json').map((path) => join('rankeval', path));
  expect(entries.sort()).toEqual(Object.keys(ENTRIES).sort());
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
