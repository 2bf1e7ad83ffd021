// The report's colours: the runs', shared by the charts and the check of the page's input (index.ts), which
// must not load the page's libraries to know how many runs it can tell apart; and the wins' and losses'.

/**
 * Okabe & Ito's eight colours, told apart by readers with any common colour-vision deficiency, then the four
 * of Paul Tol's "muted" scheme (designed for the same readers) that lie farthest from them: indigo, wine,
 * olive and teal. Each run gets its own; a thirteenth would have to repeat one, so `renderReport` refuses it.
 */
export const RUN_COLOURS: readonly string[] = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000', '#332288', '#882255', '#999933', '#44AA99'];

/** The per-query differences' colours: wins in blue, losses in vermilion (Okabe & Ito's). */
export const WIN = '#0072B2';
export const LOSS = '#D55E00';
