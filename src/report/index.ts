// `rankeval/report`: the HTML report as a library. Its own entry: Observable Plot and linkedom load only here.
export {
  curveCutoffs,
  reportData,
  type CurvePoint,
  type DeltaSeries,
  type LossList,
  type LostQuery,
  type MeanBar,
  type QueryDelta,
  type ReportData,
  type ReportInput,
  type ReportOptions,
  type SliceMean,
} from './data.js';
export { renderReport, renderReportData, type RenderOptions } from './html.js';
