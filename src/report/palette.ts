// The runs' colours, shared by the page (html.ts) and the check of its input (index.ts), which must not load
// the page's libraries to know how many runs it can tell apart.

/**
 * Okabe & Ito's eight colours, told apart by readers with any common colour-vision deficiency, then the four
 * of Paul Tol's "muted" scheme (designed for the same readers) that lie farthest from them: indigo, wine,
 * olive and teal. Each run gets its own; a thirteenth would have to repeat one, so `renderReport` refuses it.
 */
export const RUN_COLOURS: readonly string[] = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000', '#332288', '#882255', '#999933', '#44AA99'];
