// The judging page of `rankeval judge POOL …` (grades) and `rankeval judge --nuggets …` (nuggets): one
// static document whose script asks the server for the state (JSON) and shows every text with textContent,
// so a passage's or an answer's markup is shown, never run. Each key press is sent in turn, the next only
// after the server has answered the last, a label naming the item it is for: what the page shows next is
// always what the store holds. A refused key (the store cannot be written, or the page was opened again
// elsewhere) is shown, the keys typed after it are dropped, and the page shows the server's item again.
// The mode decides the item shown and the label keys; the rest of the script is the same.

/** What the page labels: pool pairs with grades, or nuggets of answers with assignments. */
export type PageMode = 'grades' | 'nuggets';

const STYLE = `
:root { color-scheme: light dark; --accent: #2563eb; --muted: #6b7280; --line: #d1d5db; }
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem 1.5rem 3rem; }
header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: baseline; color: var(--muted); font-size: .9rem; }
header strong { color: CanvasText; }
progress { width: 12rem; vertical-align: middle; }
#query { font-size: 1.35rem; margin: 1rem 0 .25rem; }
.label { text-transform: uppercase; letter-spacing: .05em; font-size: .75rem; color: var(--muted); margin-top: 1rem; }
#passage { border: 1px solid var(--line); border-radius: .5rem; padding: .75rem 1rem; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 50vh; overflow: auto; }
#title { font-weight: 600; margin: 0 0 .25rem; }
#title:empty { display: none; }
#grades, #labels { display: flex; flex-direction: column; gap: .35rem; margin: 1rem 0; padding: 0; list-style: none; }
#grades button, #labels button { display: flex; gap: .75rem; width: 100%; text-align: left; font: inherit; padding: .4rem .75rem; border: 1px solid var(--line); border-radius: .4rem; background: Canvas; color: CanvasText; cursor: pointer; }
#grades button kbd, #labels button kbd { font-weight: 700; min-width: 1.2rem; }
#grades button[aria-pressed="true"], #labels button[aria-pressed="true"] { border-color: var(--accent); outline: 2px solid var(--accent); }
#keys { color: var(--muted); font-size: .85rem; }
kbd, #doc-id, #topic-id, #run-id { font-family: ui-monospace, monospace; }
#doc-id, #topic-id, #run-id { text-transform: none; letter-spacing: 0; font-size: .85rem; }
#status { min-height: 1.5rem; font-size: .9rem; margin: .75rem 0 0; }
#status.error { color: #991b1b; background: #fef2f2; border: 1px solid #fca5a5; border-radius: .4rem; padding: .5rem .75rem; font-weight: 600; }
#graded, #assigned { margin: 0 0 .25rem; font-weight: 600; color: var(--accent); }
#answer { border: 1px solid var(--line); border-radius: .5rem; padding: .75rem 1rem .75rem 2.25rem; max-height: 40vh; overflow: auto; margin: 0; }
#answer li { overflow-wrap: anywhere; }
.cites { color: var(--muted); font-size: .85rem; margin-left: .35rem; }
#nugget { font-size: 1.2rem; border-left: 4px solid var(--accent); padding: .25rem .75rem; margin: .5rem 0; overflow-wrap: anywhere; }
#importance { text-transform: uppercase; letter-spacing: .05em; font-size: .75rem; font-weight: 700; margin-right: .5rem; }
#importance.vital { color: #b91c1c; }
#question:empty { display: none; }
[hidden] { display: none !important; }
`;

const SCRIPT = `
const token = new URLSearchParams(location.search).get('token') ?? '';
const $ = (id) => document.getElementById(id);
let view;
let queue = Promise.resolve();
let pending = 0;
// Counts the refusals: a key typed before one is dropped, since it was typed for what the page showed then.
let refusals = 0;

/** A list of label buttons, one a label: its key, its words, pressed when it is the item's label. */
function labelButtons(list, labels, current) {
  list.replaceChildren(...labels.map(({ key, value, words }) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    const kbd = document.createElement('kbd');
    kbd.textContent = key;
    const span = document.createElement('span');
    span.textContent = words;
    button.append(kbd, span);
    button.setAttribute('aria-pressed', String(current === value));
    button.addEventListener('click', () => act('grade', value));
    item.append(button);
    return item;
  }));
}

const NUGGET_LABELS = {
  support: ['y', 'Supported: the answer states the nugget'],
  partial_support: ['p', 'Partly supported: the answer states a part of it, or implies it'],
  not_support: ['n', 'Not supported: the answer does not state it'],
};

// What differs between the modes: the item of the view, its labels and keys, how a key press names it,
// how it is shown, and the words of the progress and the end screen. The rest of the script is the same for both.
const MODES = {
  grades: {
    item: (view) => view.pair,
    labels: (view) => view.scale.map((meaning, grade) => ({ key: String(grade), value: grade, words: meaning })),
    named: (pair) => ({ queryId: pair.queryId, docId: pair.docId }),
    body: (named, grade) => ({ ...named, grade }),
    shown: (pair) => pair.queryId + ' ' + pair.docId,
    saved: (pair, grade) => 'Saved: ' + pair.docId + ' graded ' + grade + '.',
    skipped: (pair) => 'Skipped ' + pair.docId + ': it stays unjudged.',
    undone: 'Back to your last grade: press a grade to replace it.',
    words: { all: 'Every pair of the pool is judged', items: 'pairs', left: 'unjudged pair', done: 'judged' },
    render(view, pair) {
      $('query-place').textContent = 'Query ' + pair.queryNumber + ' of ' + view.queries + ' (' + pair.queryId + '): ' + pair.queryJudged + ' of ' + pair.queryTotal + ' judged';
      $('place').textContent = 'Pair ' + (pair.index + 1) + ' of ' + view.total;
      $('query').textContent = pair.query;
      $('doc-id').textContent = pair.docId;
      $('title').textContent = pair.title ?? '';
      $('text').textContent = pair.text;
      $('passage').scrollTop = 0;
      $('graded').hidden = pair.grade === undefined;
      $('graded').textContent = pair.grade === undefined ? '' : 'Graded ' + pair.grade + ' — press a key to change it.';
      labelButtons($('grades'), this.labels(view), pair.grade);
    },
  },
  nuggets: {
    item: (view) => view.nugget,
    labels: (view) => view.labels.map((label) => ({ key: NUGGET_LABELS[label][0], value: label, words: NUGGET_LABELS[label][1] })),
    named: (shown) => ({ topicId: shown.topicId, runId: shown.runId, nugget: shown.nugget }),
    body: (named, assignment) => ({ ...named, assignment }),
    shown: (shown) => shown.topicId + ' ' + shown.runId + ' ' + shown.nugget,
    saved: (shown, assignment) => 'Saved: nugget ' + (shown.nugget + 1) + ' of ' + shown.runId + ' on ' + shown.topicId + ' is ' + assignment + '.',
    skipped: (shown) => 'Skipped nugget ' + (shown.nugget + 1) + ' of ' + shown.runId + ' on ' + shown.topicId + ': it stays unassigned.',
    undone: 'Back to your last assignment: press a key to replace it.',
    words: { all: 'Every nugget of every answer is assigned', items: 'assignments', left: 'unassigned nugget', done: 'assigned' },
    render(view, shown) {
      $('query-place').textContent = 'Answer ' + shown.answerNumber + ' of ' + view.answers + ' (run ' + shown.runId + ', topic ' + shown.topicId + '): ' + shown.answerAssigned + ' of ' + shown.answerTotal + ' assigned';
      $('place').textContent = 'Nugget ' + (shown.index + 1) + ' of ' + view.total;
      $('topic-id').textContent = shown.topicId;
      $('question').textContent = shown.query ?? '';
      $('run-id').textContent = shown.runId;
      $('answer').replaceChildren(...shown.sentences.map((sentence) => {
        const item = document.createElement('li');
        item.textContent = sentence.text;
        if (sentence.citations.length > 0) {
          const cites = document.createElement('span');
          cites.className = 'cites';
          cites.textContent = sentence.citations.map((cited) => '[' + (typeof cited === 'number' ? shown.references[cited] ?? cited : cited) + ']').join(' ');
          item.append(cites);
        }
        return item;
      }));
      $('answer').scrollTop = 0;
      $('importance').textContent = shown.importance;
      $('importance').className = shown.importance;
      $('nugget-text').textContent = shown.text;
      $('nugget-place').textContent = (shown.nugget + 1) + ' of ' + shown.answerTotal;
      $('assigned').hidden = shown.assignment === undefined;
      $('assigned').textContent = shown.assignment === undefined ? '' : 'Assigned ' + shown.assignment + ' — press a key to change it.';
      $('partial-key').hidden = !view.labels.includes('partial_support');
      labelButtons($('labels'), this.labels(view), shown.assignment);
    },
  },
};
const mode = MODES[document.body.dataset.mode];
const progress = (view) => view.judged + ' of ' + view.total + ' ' + mode.words.done;
const done = (view) => view.judged === view.total
  ? mode.words.all + ': ' + view.total + ' ' + mode.words.items + '.'
  : 'No ' + mode.words.left + ' left but those skipped: ' + progress(view) + '.';

function say(text, error) {
  $('status').textContent = text;
  $('status').className = error ? 'error' : '';
}

function render(next) {
  view = next;
  $('judge').textContent = view.judge;
  $('overall').textContent = progress(view);
  $('overall-bar').max = Math.max(view.total, 1);
  $('overall-bar').value = view.judged;
  const item = mode.item(view);
  $('item').hidden = item === undefined;
  $('done').hidden = item !== undefined;
  $('undo').disabled = !view.canUndo;
  if (view.scale !== undefined) $('grade-keys').textContent = '0–' + (view.scale.length - 1);
  if (item === undefined) {
    $('done-text').textContent = done(view);
    document.body.dataset.shown = 'done';
    return;
  }
  mode.render(view, item);
  document.body.dataset.shown = mode.shown(item);
}

async function call(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-rankeval-token': token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  }).catch(() => { throw new Error('No answer from the page’s server (is rankeval judge still running?): nothing was saved.'); });
  if (!response.ok) throw new Error((await response.text()).trim() || String(response.status));
  render(await response.json());
}

/** A refusal shown; the keys typed before it dropped, and the server's item shown again. */
function refused(error) {
  refusals++;
  say(error.message, true);
  return call('/api/view').catch(() => {});
}

/** What a key does, sent after every earlier one is answered; its body is built then, from what is shown. */
function act(action, label) {
  const typed = refusals;
  pending++;
  document.body.dataset.busy = 'true';
  queue = queue.then(() => {
    if (typed !== refusals) return;
    const item = mode.item(view);
    const named = item && mode.named(item);
    if (action === 'grade') return item && call('/api/grade', mode.body(named, label)).then(() => say(mode.saved(item, label)));
    if (action === 'skip') return item && call('/api/skip', named).then(() => say(mode.skipped(item)));
    if (action === 'undo') return call('/api/undo', {}).then(() => say(mode.undone));
    const index = item === undefined ? view.total : item.index;
    return call('/api/move', { index: Math.max(0, index + (action === 'next' ? 1 : -1)) }).then(() => say(''));
  }).catch(refused)
    .finally(() => { if (--pending === 0) document.body.dataset.busy = 'false'; });
}

document.addEventListener('keydown', (event) => {
  if (view === undefined || event.altKey || event.metaKey) return;
  const undo = event.key === 'u' || event.key === 'Backspace' || (event.ctrlKey && event.key === 'z');
  if (event.ctrlKey && !undo) return;
  const label = mode.labels(view).find(({ key }) => key === event.key);
  if (label !== undefined) act('grade', label.value);
  else if (event.key === 'ArrowRight') act('next');
  else if (event.key === 'ArrowLeft') act('previous');
  else if (event.key === 's') act('skip');
  else if (undo) act('undo');
  else return;
  event.preventDefault();
});
$('skip').addEventListener('click', () => act('skip'));
$('undo').addEventListener('click', () => act('undo'));
$('previous').addEventListener('click', () => act('previous'));
$('next').addEventListener('click', () => act('next'));
// Opened (or reloaded): the server goes where a restart goes, the first unlabelled item after the last label.
call('/api/open', {}).then(() => { document.body.dataset.busy = 'false'; }, (error) => say('Cannot load the ' + (document.body.dataset.mode === 'nuggets' ? 'answers' : 'pool') + ': ' + error.message, true));
`;

/** The part of the page that shows the item, and the line of its keys, per mode. */
const ITEM: Record<PageMode, { readonly section: string; readonly keys: string }> = {
  grades: {
    section: `<section id="item" hidden>
    <div class="label">Query</div>
    <h1 id="query"></h1>
    <div class="label">Passage <span id="doc-id"></span></div>
    <div id="passage"><p id="title"></p><div id="text"></div></div>
    <ol id="grades" start="0" aria-label="Grades"></ol>
    <p id="graded" hidden></p>
  </section>`,
    keys: `<kbd id="grade-keys">0–3</kbd> grade (saved at once) · <kbd>←</kbd> <kbd>→</kbd> previous, next ·
    <kbd>s</kbd> skip (stays unjudged) · <kbd>u</kbd> undo (back to your last grade, to replace it)`,
  },
  nuggets: {
    section: `<section id="item" hidden>
    <div class="label">Topic <span id="topic-id"></span></div>
    <h1 id="question"></h1>
    <div class="label">Answer of run <span id="run-id"></span></div>
    <ol id="answer"></ol>
    <div class="label">Nugget <span id="nugget-place"></span></div>
    <p id="nugget"><span id="importance"></span><span id="nugget-text"></span></p>
    <ol id="labels" aria-label="Assignments"></ol>
    <p id="assigned" hidden></p>
  </section>`,
    keys: `<kbd>y</kbd> supported · <span id="partial-key"><kbd>p</kbd> partly · </span><kbd>n</kbd> not supported (saved at once) ·
    <kbd>←</kbd> <kbd>→</kbd> previous, next · <kbd>s</kbd> skip (stays unassigned) · <kbd>u</kbd> undo (back to your last assignment, to replace it)`,
  },
};

/**
 * The page of `mode`, its inline style and script allowed by `nonce` (the Content-Security-Policy allows nothing
 * else). No data is in it: the script fetches the state with the session token from the page's URL.
 */
export function judgePageHtml(nonce: string, mode: PageMode = 'grades'): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>rankeval judge</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body data-busy="true" data-mode="${mode}">
<header>
  <span>Judge: <strong id="judge"></strong></span>
  <span><progress id="overall-bar" value="0" max="1"></progress> <span id="overall"></span></span>
  <span id="query-place"></span>
  <span id="place"></span>
</header>
<main>
  <p id="status" role="status"></p>
  ${ITEM[mode].section}
  <section id="done" hidden><h1>Done</h1><p id="done-text"></p></section>
  <p id="keys">Keys: ${ITEM[mode].keys}</p>
  <p>
    <button id="previous" type="button">← Previous</button>
    <button id="next" type="button">Next →</button>
    <button id="skip" type="button">Skip</button>
    <button id="undo" type="button">Undo</button>
  </p>
</main>
<script nonce="${nonce}">${SCRIPT}</script>
</body>
</html>
`;
}
