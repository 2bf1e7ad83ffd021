// The judging page of `rankeval judge POOL …`: one static document whose script asks the server for the
// state (JSON) and shows every text with textContent, so a passage's markup is shown, never run. Each key
// press is sent in turn, the next only after the server has answered the last, a grade naming the pair it
// is for: what the page shows next is always what the store holds. A refused key (the store cannot be
// written, or the page was opened again elsewhere) is shown, the keys typed after it are dropped, and the
// page shows the server's pair again.

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
#grades { display: flex; flex-direction: column; gap: .35rem; margin: 1rem 0; padding: 0; list-style: none; }
#grades button { display: flex; gap: .75rem; width: 100%; text-align: left; font: inherit; padding: .4rem .75rem; border: 1px solid var(--line); border-radius: .4rem; background: Canvas; color: CanvasText; cursor: pointer; }
#grades button kbd { font-weight: 700; min-width: 1.2rem; }
#grades button[aria-pressed="true"] { border-color: var(--accent); outline: 2px solid var(--accent); }
#keys { color: var(--muted); font-size: .85rem; }
kbd, #doc-id { font-family: ui-monospace, monospace; }
#doc-id { text-transform: none; letter-spacing: 0; font-size: .85rem; }
#status { min-height: 1.5rem; font-size: .9rem; margin: .75rem 0 0; }
#status.error { color: #991b1b; background: #fef2f2; border: 1px solid #fca5a5; border-radius: .4rem; padding: .5rem .75rem; font-weight: 600; }
#graded { margin: 0 0 .25rem; font-weight: 600; color: var(--accent); }
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

function say(text, error) {
  $('status').textContent = text;
  $('status').className = error ? 'error' : '';
}

function render(next) {
  view = next;
  $('judge').textContent = view.judge;
  $('overall').textContent = view.judged + ' of ' + view.total + ' judged';
  $('overall-bar').max = Math.max(view.total, 1);
  $('overall-bar').value = view.judged;
  const pair = view.pair;
  $('pair').hidden = pair === undefined;
  $('done').hidden = pair !== undefined;
  $('undo').disabled = !view.canUndo;
  $('grade-keys').textContent = '0–' + (view.scale.length - 1);
  if (pair === undefined) {
    $('done-text').textContent = view.judged === view.total
      ? 'Every pair of the pool is judged: ' + view.total + ' pairs.'
      : 'No unjudged pair left but those skipped: ' + view.judged + ' of ' + view.total + ' judged.';
    document.body.dataset.shown = 'done';
    return;
  }
  $('query-place').textContent = 'Query ' + pair.queryNumber + ' of ' + view.queries + ' (' + pair.queryId + '): ' + pair.queryJudged + ' of ' + pair.queryTotal + ' judged';
  $('place').textContent = 'Pair ' + (pair.index + 1) + ' of ' + view.total;
  $('query').textContent = pair.query;
  $('doc-id').textContent = pair.docId;
  $('title').textContent = pair.title ?? '';
  $('text').textContent = pair.text;
  $('passage').scrollTop = 0;
  $('graded').hidden = pair.grade === undefined;
  $('graded').textContent = pair.grade === undefined ? '' : 'Graded ' + pair.grade + ' — press a key to change it.';
  const list = $('grades');
  list.replaceChildren(...view.scale.map((meaning, grade) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    const key = document.createElement('kbd');
    key.textContent = String(grade);
    const words = document.createElement('span');
    words.textContent = meaning;
    button.append(key, words);
    button.setAttribute('aria-pressed', String(pair.grade === grade));
    button.addEventListener('click', () => act('grade', grade));
    item.append(button);
    return item;
  }));
  document.body.dataset.shown = pair.queryId + ' ' + pair.docId;
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

/** A refusal shown; the keys typed before it dropped, and the server's pair shown again. */
function refused(error) {
  refusals++;
  say(error.message, true);
  return call('/api/view').catch(() => {});
}

/** What a key does, sent after every earlier one is answered; its body is built then, from what is shown. */
function act(action, grade) {
  const typed = refusals;
  pending++;
  document.body.dataset.busy = 'true';
  queue = queue.then(() => {
    if (typed !== refusals) return;
    const pair = view.pair;
    const named = pair && { queryId: pair.queryId, docId: pair.docId };
    if (action === 'grade') return pair && call('/api/grade', { ...named, grade }).then(() => say('Saved: ' + pair.docId + ' graded ' + grade + '.'));
    if (action === 'skip') return pair && call('/api/skip', named).then(() => say('Skipped ' + pair.docId + ': it stays unjudged.'));
    if (action === 'undo') return call('/api/undo', {}).then(() => say('Back to your last grade: press a grade to replace it.'));
    const index = pair === undefined ? view.total : pair.index;
    return call('/api/move', { index: Math.max(0, index + (action === 'next' ? 1 : -1)) }).then(() => say(''));
  }).catch(refused)
    .finally(() => { if (--pending === 0) document.body.dataset.busy = 'false'; });
}

document.addEventListener('keydown', (event) => {
  if (view === undefined || event.altKey || event.metaKey) return;
  const undo = event.key === 'u' || event.key === 'Backspace' || (event.ctrlKey && event.key === 'z');
  if (event.ctrlKey && !undo) return;
  const grade = /^[0-9]$/.test(event.key) ? Number(event.key) : -1;
  if (grade >= 0 && grade < view.scale.length) act('grade', grade);
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
// Opened (or reloaded): the server goes where a restart goes, the first unjudged pair after the last grade.
call('/api/open', {}).then(() => { document.body.dataset.busy = 'false'; }, (error) => say('Cannot load the pool: ' + error.message, true));
`;

/**
 * The page, its inline style and script allowed by `nonce` (the Content-Security-Policy allows nothing
 * else). No data is in it: the script fetches the state with the session token from the page's URL.
 */
export function judgePageHtml(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>rankeval judge</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body data-busy="true">
<header>
  <span>Judge: <strong id="judge"></strong></span>
  <span><progress id="overall-bar" value="0" max="1"></progress> <span id="overall"></span></span>
  <span id="query-place"></span>
  <span id="place"></span>
</header>
<main>
  <p id="status" role="status"></p>
  <section id="pair" hidden>
    <div class="label">Query</div>
    <h1 id="query"></h1>
    <div class="label">Passage <span id="doc-id"></span></div>
    <div id="passage"><p id="title"></p><div id="text"></div></div>
    <ol id="grades" start="0" aria-label="Grades"></ol>
    <p id="graded" hidden></p>
  </section>
  <section id="done" hidden><h1>Done</h1><p id="done-text"></p></section>
  <p id="keys">Keys: <kbd id="grade-keys">0–3</kbd> grade (saved at once) · <kbd>←</kbd> <kbd>→</kbd> previous, next ·
    <kbd>s</kbd> skip (stays unjudged) · <kbd>u</kbd> undo (back to your last grade, to replace it)</p>
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
