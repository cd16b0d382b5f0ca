// SPDX-License-Identifier: GPL-3.0-or-later
// bercl in the browser: the command's questions as forms, answered by the
// command's own engine compiled to WebAssembly (web/glue.c), run in a Web
// Worker (web/worker.js) so that the page stays responsive. This file
// holds the DOM, the URL state and the plots only: each form is turned into
// the flag names and values the command line would hold (and the bytes of
// a dropped or pasted file for -i, --histogram, --intervals or watch's
// standard input); the engine checks them, computes the rows and writes
// every cell and message, exactly as `bercl ... -f csv` does. The flags'
// help lines come from the engine's flag table. No network, no storage:
// the state is the URL's query string.
'use strict';

const $ = (s) => document.querySelector(s);
function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of kids) if (c) e.append(c);
  return e;
}

// ---- the questions: which flags a tab shows first, and its worked example ----

const EXAMPLE_LOG = 'bits,errors\n5e11,0\n1e12,0\n2e12,0\n3e12,0\n';
// docs/examples/eye_bathtub.csv (make check-web holds them equal)
const EXAMPLE_EYE = "# a bathtub scan: offset in UI, bits compared, errors counted\noffset,bits,errors\n0.0,10000000000,5000001382\n0.015625,10000000000,4999973474\n0.03125,10000000000,4998384926\n0.046875,10000000000,4980268497\n0.0625,10000000000,4848023447\n0.078125,10000000000,4314911647\n0.09375,10000000000,3113324735\n0.109375,10000000000,1598160422\n0.125,10000000000,528273724\n0.140625,10000000000,105571418\n0.15625,10000000000,12288875\n0.171875,10000000000,813913\n0.1875,10000000000,30458\n0.203125,10000000000,635\n0.21875,10000000000,9\n0.234375,10000000000,0\n0.25,10000000000,0\n0.265625,10000000000,0\n0.28125,10000000000,0\n0.296875,10000000000,0\n0.3125,10000000000,0\n0.328125,10000000000,0\n0.34375,10000000000,0\n0.359375,10000000000,0\n0.375,10000000000,0\n0.390625,10000000000,0\n0.40625,10000000000,0\n0.421875,10000000000,0\n0.4375,10000000000,0\n0.453125,10000000000,0\n0.46875,10000000000,0\n0.484375,10000000000,0\n0.5,10000000000,0\n0.515625,10000000000,0\n0.53125,10000000000,0\n0.546875,10000000000,0\n0.5625,10000000000,0\n0.578125,10000000000,0\n0.59375,10000000000,0\n0.609375,10000000000,0\n0.625,10000000000,0\n0.640625,10000000000,0\n0.65625,10000000000,0\n0.671875,10000000000,0\n0.6875,10000000000,0\n0.703125,10000000000,0\n0.71875,10000000000,0\n0.734375,10000000000,0\n0.75,10000000000,0\n0.765625,10000000000,0\n0.78125,10000000000,5\n0.796875,10000000000,630\n0.8125,10000000000,30347\n0.828125,10000000000,816013\n0.84375,10000000000,12289816\n0.859375,10000000000,105578998\n0.875,10000000000,528213037\n0.890625,10000000000,1598216160\n0.90625,10000000000,3113283996\n0.921875,10000000000,4314915358\n0.9375,10000000000,4847938572\n0.953125,10000000000,4980315143\n0.96875,10000000000,4998622317\n0.984375,10000000000,4999954425\n1.0,10000000000,5000039359\n";
const QUESTIONS = {
  cl: { cmd: 'cl', title: 'cl: confidence level reached',
    help: 'I tested N bits and saw E errors: how confident am I that the BER is below P?',
    fields: ['errors', 'bits', 'time', 'rate', 'lanes', 'ber', 'require', 'model'],
    example: { errors: '0', bits: '3T', ber: '1e-12', require: '95%' } },
  bits: { cmd: 'bits', title: 'bits: minimum bits and test time',
    help: 'How many bits (and how long at my rate) must I test, allowing E errors, to claim BER < P at confidence CL?',
    fields: ['errors', 'ber', 'cl', 'rate', 'baud', 'bits-per-symbol', 'lanes', 'all-lanes', 'model'],
    example: { errors: '0..3', ber: '1e-12', cl: '95%', rate: '25.78125G' } },
  ber: { cmd: 'ber', title: 'ber: BER bound or interval',
    help: 'I tested N bits and saw E errors: what BER can I claim at confidence CL?',
    fields: ['errors', 'bits', 'time', 'rate', 'lanes', 'cl', 'two-sided', 'model'],
    example: { errors: '0', bits: '3T', cl: '95%' } },
  errors: { cmd: 'errors', title: 'errors: most errors allowed',
    help: 'My test runs N bits: how many errors may it show and still prove BER < P at confidence CL?',
    fields: ['bits', 'time', 'rate', 'lanes', 'ber', 'cl', 'model'],
    example: { bits: '1e15', ber: '1e-12', cl: '95%' } },
  plan: { cmd: 'plan', title: 'plan: both risks of a test',
    help: 'Which test passes a good link (BER P / D) and fails a bad one (BER P), each with a risk I choose? Or: what are the risks of my test (give errors and bits)?',
    fields: ['ber', 'cl', 'alpha', 'ratio', 'sequential', 'errors', 'bits', 'time', 'rate', 'lanes', 'true-ber'],
    example: { ber: '1e-12', cl: '95%', alpha: '5%', ratio: '2', rate: '100G' } },
  fec: { cmd: 'fec', title: 'fec: Reed-Solomon FEC',
    help: 'A pre-FEC BER (CER and post-FEC BER), a CER target (ber_max), a pre-FEC test, a codeword count, a FEC histogram report (drop it below), or the degraded-SER alarm.',
    fields: ['code', 'ber', 'ser', 'cer', 'errors', 'bits', 'time', 'rate', 'cl', 'codewords', 'uncorrectable', 'degrade-interval', 'degrade-threshold', 'model'],
    example: { code: 'kp4', ber: '2.4e-4' } },
  lanes: { cmd: 'cl', title: 'lanes: per lane, combined, all',
    help: 'One error count per lane: the CL of each lane, of all lanes pooled (combined), and that every lane is below P (all).',
    fields: ['lane-errors', 'bits', 'time', 'rate', 'ber', 'require', 'model'],
    example: { 'lane-errors': '0,1,0,0,2,0,0,0', time: '1min', rate: '53.125G', ber: '1e-12' } },
  simulate: { cmd: 'simulate', title: 'simulate: check a CL by simulation',
    help: 'Simulate T tests of N bits at a true BER of exactly P: the share that see at most E errors estimates 1 - CL. The same seed gives the command\'s table (bercl\'s own MT19937 stream). With --ratio, a plan\'s risks; with --burst-model, bursty links.',
    fields: ['errors', 'bits', 'time', 'rate', 'ber', 'trials', 'seed', 'model', 'ratio', 'cl', 'alpha', 'sequential', 'burst-model'],
    example: { errors: '0', bits: '3T', ber: '1e-12', trials: '100000', seed: '1' } },
  watch: { cmd: 'watch', title: 'watch: decide from a counter log',
    help: "A BERT's cumulative readings (bits or time, errors; optionally lane), one per line: the CL at each reading and the decision, as `bercl watch` gives it live.",
    fields: ['ber', 'cl', 'errors', 'plan', 'alpha', 'ratio', 'rate', 'lanes', 'clustered'],
    example: { ber: '1e-12', cl: '95%' }, exampleFile: { role: 'stdin', name: 'readings.csv', text: EXAMPLE_LOG } },
  eye: { cmd: 'eye', title: 'eye: eye opening and TJ from a bathtub scan',
    help: 'A bathtub (offsets in UI) or threshold scan, as CSV (offset, bits, errors) or an AMD IBERT eye-scan export: the eye opening, TJ, RJ and DJ (or Q) at the target BER, each with its interval, fitted by likelihood.',
    fields: ['ber', 'cl', 'axis', 'transition-density', 'fit-below', 'method', 'scan-format'],
    example: { ber: '1e-12' }, exampleFile: { role: 'input', name: 'eye_bathtub.csv', text: EXAMPLE_EYE } },
};
// flags a form never shows: the page writes -f csv itself, the file drop
// stands for the file flags, --verify needs GSL
const NOT_IN_FORMS = new Set(['format', 'value', 'help', 'version', 'verify', 'input', 'histogram', 'intervals']);
const SHOWN = 100; // rows shown in the table; the download holds them all

let tables = null; // the engine's flag and subcommand tables
const flagBy = {};
let wasmModule = null, worker = null, workerReady = null;
let current = null, runId = 0, running = null;
let file = null; // {role, name, bytes}
let extra = []; // flags of a link that its tab's form does not list: passed on as typed
const saved = {};

function cmdIndex(cmd) { return tables.commands.findIndex((c) => c.name === cmd); }
// eye's flags are its own table (engine/eye.c)
function flagsOf(cmd) {
  if (cmd === 'eye') return tables.eye;
  const bit = 1 << cmdIndex(cmd);
  return tables.flags.filter((f) => f.commands & bit);
}

// ---- the worker ----

function startWorker() {
  const code = `${berclWorker.toString()}\nberclWorker(self);\n`;
  const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  worker = new Worker(url);
  URL.revokeObjectURL(url);
  workerReady = new Promise((ok) => {
    worker.onmessage = (e) => { if (e.data.ready) { tables = tables || e.data.tables; ok(); } };
  });
  worker.postMessage({ module: wasmModule });
  return workerReady;
}

// ---- the form ----

function fieldFor(f, value) {
  const id = `f-${f.name}`;
  const help = f.help || '';
  if (!f.arg) { // a switch
    const box = el('input', { type: 'checkbox', id, name: f.name, 'aria-describedby': `${id}-hint` });
    box.checked = value === '1';
    return el('div', { class: 'field check' }, el('label', { for: id, class: 'switch' }, box, document.createTextNode(` --${f.name}`)),
      el('span', { class: 'hint', id: `${id}-hint`, text: help }));
  }
  let input;
  if (f.values) {
    input = el('select', { id, name: f.name, 'aria-describedby': `${id}-hint` });
    input.append(el('option', { value: '', text: '(default)' }));
    for (const v of f.values) input.append(el('option', { value: v, text: v }));
    input.value = value || '';
  } else {
    input = el('input', { type: 'text', id, name: f.name, value: value || '', autocomplete: 'off', spellcheck: 'false',
      inputmode: f.kind === 'quantity' ? 'decimal' : undefined, 'aria-describedby': `${id}-hint`, placeholder: f.arg });
  }
  return el('div', { class: 'field' }, el('label', { for: id, text: `--${f.name}` }), input,
    el('span', { class: 'hint', id: `${id}-hint`, text: help }));
}

function buildForm(q, state) {
  const Q = QUESTIONS[q];
  const form = $('#form');
  form.replaceChildren();
  $('#help').textContent = Q.help;
  const all = flagsOf(Q.cmd).filter((f) => !NOT_IN_FORMS.has(f.name));
  const first = Q.fields.map((n) => all.find((f) => f.name === n)).filter(Boolean);
  for (const f of first) form.append(fieldFor(f, state[f.name]));
  const rest = all.filter((f) => !first.includes(f));
  if (rest.length) {
    const more = el('details', { class: 'more' }, el('summary', { text: `more flags of bercl ${Q.cmd} (${rest.length})` }));
    const grid = el('div', { class: 'grid' });
    for (const f of rest) grid.append(fieldFor(f, state[f.name]));
    more.append(grid);
    if (rest.some((f) => state[f.name])) more.open = true;
    form.append(more);
  }
  // the file roles this subcommand takes
  const roles = flagsOf(Q.cmd).filter((f) => f.kind === 'file').map((f) => f.name);
  if (Q.cmd === 'watch') roles.unshift('stdin');
  const sel = $('#file-role');
  sel.replaceChildren(...roles.map((r) => el('option', { value: r, text: r === 'stdin' ? 'standard input (the readings)' : r === 'input' ? (Q.cmd === 'eye' ? '-i (the scan: CSV or an IBERT export)' : '-i (a batch: one row per line)') : `--${r}` })));
  if (file && roles.includes(file.role)) sel.value = file.role;
  else if (file) file = null;
  showFile();
}

function formState() {
  const st = {};
  for (const e of $('#form').elements) {
    if (!e.name) continue;
    if (e.type === 'checkbox') { if (e.checked) st[e.name] = '1'; } else if (e.value.trim() !== '') st[e.name] = e.value.trim();
  }
  return st;
}

// The command line of a form: the flag names and values, as typed.
function argsOf(q, st) {
  const args = [];
  const Q = QUESTIONS[q];
  for (const f of flagsOf(Q.cmd)) if (st[f.name] !== undefined && !NOT_IN_FORMS.has(f.name)) args.push([f.name, f.arg ? st[f.name] : '1']);
  if (file && file.role !== 'stdin') args.push([file.role, file.name]);
  return [...args, ...extra];
}

function shellWord(s) { return /^[\w.%:,/+=@-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`; }
function cliLine(q, args) {
  const words = ['bercl', QUESTIONS[q].cmd];
  const own = flagsOf(QUESTIONS[q].cmd);
  for (const [k, v] of args) { words.push(`--${k}`); const f = own.find((x) => x.name === k) || flagBy[k]; if (f && f.arg) words.push(shellWord(v)); }
  let s = words.join(' ');
  if (file && file.role === 'stdin') s += ` < ${shellWord(file.name)}`;
  return s;
}

// ---- files: dropped, pasted or chosen; read here, never sent anywhere ----

function setFile(name, bytes) {
  file = { role: $('#file-role').value, name: name.replace(/[\\/]/g, '_') || 'pasted.csv', bytes };
  showFile();
  run();
}
function showFile() {
  const box = $('#file-name');
  box.textContent = file ? `${file.name}, ${file.bytes.length} bytes, as ${file.role === 'stdin' ? 'standard input' : `--${file.role}`}` : 'no file';
  $('#file-clear').hidden = !file;
}

// ---- results ----

let result = null; // {header, csv: [Uint8Array], rows, count, messages, status}

function clearResults() {
  pending = [];
  $('#results').replaceChildren();
  $('#messages').replaceChildren();
  $('#verdict').replaceChildren();
  $('#plot').replaceChildren();
  const m = $('#message');
  m.hidden = true;
  m.textContent = '';
}

function cellText(k, row) {
  const t = row.text[k];
  return t !== '' ? t : row.value[k];
}

function ensureTable() {
  let t = $('#results table');
  if (t || !result.header) return t;
  const h = result.header;
  t = el('table', { class: 'result' });
  t.append(el('caption', { text: `bercl ${QUESTIONS[current].cmd}: the command's rows (hover or copy a cell for its full-precision value)` }));
  const tr = el('tr');
  h.forEach((c) => tr.append(el('th', { scope: 'col', class: c.text ? null : 'machine', 'data-column': c.name, text: c.name })));
  t.append(el('thead', {}, tr), el('tbody'));
  const scroll = el('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'results' }, t);
  const all = el('input', { type: 'checkbox', id: 'all-columns' });
  all.checked = $('#results').classList.contains('all');
  all.addEventListener('change', () => $('#results').classList.toggle('all', all.checked));
  $('#results').append(el('label', { class: 'all-columns', for: 'all-columns' }, all, document.createTextNode(' all CSV columns (as bercl -f csv)')), scroll);
  return t;
}

// Rows are added a few to a frame: each frame lays the table out again, so
// that a few rows keep every frame short and the page answers input in
// between (make check-web times each typed key during a 1e5-row batch).
const ROWS_PER_FRAME = 10;
let pending = [];
function addRows(rows) {
  pending.push(...rows);
  if (pending.length === rows.length) requestAnimationFrame(drain);
}
function drain() {
  if (!result) { pending = []; return; }
  const batch = pending.splice(0, ROWS_PER_FRAME);
  renderRows(batch);
  if (pending.length) requestAnimationFrame(drain);
  else if (result.finished !== undefined) finish(result.finished);
}
function renderRows(rows) {
  const t = ensureTable();
  if (!t) return;
  const body = t.tBodies[0];
  const h = result.header;
  const frag = document.createDocumentFragment();
  for (const row of rows) {
    const tr = el('tr', { 'data-row': String(result.rows.length) });
    row.value.forEach((v, k) => {
      const col = h[k].name;
      const td = el('td', { 'data-column': col, 'data-value': v, title: v, class: h[k].text ? null : 'machine' });
      const txt = cellText(k, row);
      if ((col === 'verdict' || col === 'decision') && (v === 'pass' || v === 'fail')) {
        td.classList.add(v);
        td.append(el('span', { class: 'mark', 'aria-hidden': 'true', text: v === 'pass' ? '\u2714 ' : '\u2718 ' }), document.createTextNode(v.toUpperCase()));
      } else td.textContent = txt;
      tr.append(td);
    });
    result.rows.push(row);
    frag.append(tr);
  }
  body.append(frag);
}

// The answer in words, from the first row's cells as the command's text format writes them.
function verdictWords() {
  const h = result.header;
  if (!h || !result.rows.length) return '';
  const idx = (n) => h.findIndex((c) => c.name === n);
  const r = result.rows[0];
  const cell = (n) => { const k = idx(n); return k < 0 ? '' : cellText(k, r); };
  const v = (n) => { const k = idx(n); return k < 0 ? '' : r.value[k]; };
  const rows = result.count;
  const several = rows > 1 ? ` (first of ${rows} rows)` : '';
  const cmd = QUESTIONS[current].cmd;
  const err = cell('error');
  if (err) return `First row: ${err}`;
  const lane = idx('lane') >= 0 ? result.rows.find((x) => x.value[idx('lane')] === 'all') : null;
  if (lane) {
    const k = idx('verdict');
    const cl = cellText(idx('cl'), lane);
    return `Every lane below BER ${cell('ber')} at once: confidence ${cl}${k >= 0 ? `: ${lane.value[k].toUpperCase()} against the required level` : ''}.`;
  }
  switch (cmd) {
    case 'cl': return `With ${cell('errors')} errors in ${cell('bits')} bits, the confidence that the BER is below ${cell('ber')} is ${cell('cl')}${v('verdict') ? `: ${v('verdict').toUpperCase()} against the required ${cell('require') || 'level'}` : ''}${several}.`;
    case 'bits': return `To claim BER < ${cell('ber')} at ${cell('cl')} confidence allowing ${cell('errors')} errors, test ${cell('bits')} bits${cell('time_s') ? ` (${cell('time_s')})` : ''}${several}.`;
    case 'ber': return v('ber_lower') ? `At ${cell('cl')} confidence the BER is between ${cell('ber_lower')} and ${cell('ber_upper')}${several}.` : `At ${cell('cl')} confidence the BER is below ${cell('ber_upper')}${several}.`;
    case 'errors': return v('errors') ? `A test of ${cell('bits')} bits may show at most ${cell('errors')} errors and still claim BER < ${cell('ber')} at ${cell('cl')} confidence${several}.` : '';
    case 'plan': return v('alpha') && v('bits') && !v('pass_bits') ? `${v('cl_target') || v('alpha_target') ? 'The shortest fixed test' : 'This test'}: pass with at most ${cell('errors')} errors in ${cell('bits')} bits${cell('time_s') ? ` (${cell('time_s')})` : ''}; it fails a good link (BER ${cell('ber')} / ${cell('ratio')}) with chance ${cell('alpha')} and passes a bad one (BER ${cell('ber')}) with chance ${cell('beta')}${several}.` : v('max_bits') ? `The sequential plan: at most ${cell('max_bits')} bits; it fails a good link with chance ${cell('alpha')} and passes a bad one with chance ${cell('beta')} (its table: pass once the bits reach pass_bits with at most that many errors).` : '';
    case 'fec':
      if (v('ser_estimate')) return `Behind ${cell('code')}: SER estimate ${cell('ser_estimate')}; CER at most ${cell('cer_upper') || '(give --cl)'}${v('burst') === 'yes' ? '; the errors come in bursts (burst = yes): the independent-error CER understates it' : ''}${several}.`;
      if (v('ber_max') && !v('post_fec_ber')) return `Behind ${cell('code')}, a CER of at most ${cell('cer')} needs a pre-FEC BER of at most ${cell('ber_max')}${several}.`;
      if (v('post_fec_ber')) return `Behind ${cell('code')} at pre-FEC BER ${cell('ber')}: CER ${cell('cer')}, post-FEC BER ${cell('post_fec_ber')}${several}.`;
      if (v('cer_upper')) return `Behind ${cell('code')}: CER below ${cell('cer_upper')} at ${cell('cl')} confidence${several}.`;
      return '';
    case 'eye': {
      const e = result.rows.find((x) => x.value[idx('edge')] === 'eye');
      const eyes = result.rows.filter((x) => x.value[idx('edge')] === 'eye').length;
      if (!e) return v('bits_per_offset') ? `Scan ${cell('bits_per_offset')} bits at each offset (${cell('total_bits')} in all).` : '';
      const c = (n) => cellText(idx(n), e);
      if (idx('tj') >= 0 && c('tj') !== '') return `At BER ${c('ber')}: eye opening ${c('eye_opening')}${c('eye_opening_lower') !== c('eye_opening') && idx('eye_opening_lower') >= 0 ? ` (${c('eye_opening_lower')} .. ${c('eye_opening_upper')})` : ''}, TJ ${c('tj')} UI${idx('tj_lower') >= 0 ? ` (${c('tj_lower')} .. ${c('tj_upper')})` : ''}${eyes > 1 ? ` (the first of ${eyes} target BERs)` : ''}.`;
      return idx('q') >= 0 ? `Q ${c('q')}${idx('q_lower') >= 0 ? ` (${c('q_lower')} .. ${c('q_upper')})` : ''}; at BER ${c('ber')} the eye opening is ${c('eye_opening')}${eyes > 1 ? ` (the first of ${eyes} target BERs)` : ''}.` : '';
    }
    case 'watch': {
      const d = result.rows.map((x) => x.value[idx('decision')]).find((x) => x === 'pass' || x === 'fail');
      return d ? `Decision after ${result.count} readings: ${d.toUpperCase()}.` : `No decision after ${result.count} readings.`;
    }
    default: return '';
  }
}

function finish(status) {
  const state = status >= 2 && !result.count ? 'error' : 'done';
  const words = state === 'done' ? verdictWords() : '';
  if (words) {
    const p = el('p', { class: 'words' }, document.createTextNode(words));
    if (/PASS/.test(words)) p.classList.add('pass');
    if (/FAIL/.test(words)) p.classList.add('fail');
    $('#verdict').append(p);
  }
  if (result.count > result.rows.length) $('#results').append(el('p', { class: 'note', text: `The table shows the first ${result.rows.length} of ${result.count} rows; the download holds them all.` }));
  if (state === 'error') {
    const m = $('#message');
    m.textContent = result.messages.find((x) => !/^bercl: (warning|note): /.test(x)) || result.messages[0] || `exit status ${status}`;
    m.hidden = false;
  }
  $('#download').disabled = !result.csv.length;
  $('#copy-table').disabled = !result.count;
  $('#status').textContent = `exit status ${status}${result.count ? `, ${result.count} rows` : ''}`;
  $('#progress').hidden = true;
  $('#stop').hidden = true;
  document.body.dataset.status = String(status);
  document.body.dataset.rows = String(result.count);
  document.body.dataset.state = state;
  running = null;
  if (result.text) $('#results').append(el('p', { class: 'note', text: `As bercl ${QUESTIONS[current].cmd} prints it (the text format):` }), el('pre', { class: 'text-out', tabindex: '0', text: result.text }));
  if (state === 'done') plot().catch(() => {});
}

function onMessage(msg) {
  if (!running || msg.id !== running.id) return;
  if (msg.header) result.header = msg.header;
  if (msg.text !== undefined) result.text = msg.text;
  if (msg.plot) result.plot = (result.plot || []).concat(msg.plot);
  for (const b of msg.csv) result.csv.push(b);
  result.count += msg.count || 0;
  for (const line of msg.messages) {
    result.messages.push(line);
    $('#messages').append(el('li', { text: line }));
  }
  if (msg.header) ensureTable();
  if (msg.rows.length) addRows(msg.rows);
  $('#progress').value = msg.progress;
  if (msg.status !== undefined) {
    // the answer is said once every row is in the table
    if (pending.length) result.finished = msg.status; else finish(msg.status);
  }
}

async function run(push = true, cmdOverride) {
  if (!tables) return;
  const q = current;
  const st = formState();
  const args = argsOf(q, st);
  $('#cli').textContent = cliLine(q, args);
  const p = new URLSearchParams({ cmd: QUESTIONS[q].cmd });
  for (const [k, v] of args) if (!file || k !== file.role) p.append(k, v);
  const url = `${location.pathname}?${p.toString().replace(/%2C/g, ',').replace(/%3A/g, ':')}`;
  if (push) history.replaceState(null, '', url);
  if (running) stop();
  await workerReady;
  clearResults();
  result = { header: null, csv: [], rows: [], count: 0, messages: [] };
  const id = ++runId;
  const files = {};
  if (file) files[file.role] = { name: file.role === 'stdin' ? '(stdin)' : file.name, bytes: file.bytes };
  running = { id, t0: performance.now() };
  document.body.dataset.state = 'running';
  // the progress bar and Stop show only for a run that takes a moment
  setTimeout(() => { if (running && running.id === id) { $('#progress').hidden = false; $('#stop').hidden = false; } }, 150);
  worker.onmessage = (e) => onMessage(e.data);
  worker.postMessage({ run: { id, cmd: cmdOverride || QUESTIONS[q].cmd, args: cmdOverride ? [] : args, files: cmdOverride ? {} : files, show: SHOWN } });
}

function stop() {
  if (!running) return;
  worker.terminate();
  const was = running;
  running = null;
  startWorker();
  $('#progress').hidden = true;
  $('#stop').hidden = true;
  $('#status').textContent = `stopped after ${result ? result.count : 0} rows`;
  document.body.dataset.state = 'stopped';
  return was;
}

// ---- download, copy ----

function download() {
  const blob = new Blob(result.csv, { type: 'text/csv' });
  const a = el('a', { href: URL.createObjectURL(blob), download: `bercl-${QUESTIONS[current].cmd}.csv` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// the shown columns with their header, tab-separated, full precision
function tableText(onlySelected) {
  const sel = document.getSelection();
  const all = $('#results').classList.contains('all');
  const cols = result.header.map((c, k) => [c, k]).filter(([c]) => all || c.text);
  const lines = [cols.map(([c]) => c.name).join('\t')];
  for (const tr of document.querySelectorAll('#results tbody tr')) {
    if (onlySelected && !sel.containsNode(tr, true)) continue;
    const tds = tr.children;
    lines.push(cols.map(([, k]) => tds[k].dataset.value).join('\t'));
  }
  return lines.join('\n');
}

// ---- plots: CL against test time, drawn from a sweep the engine computes ----

const SVGNS = 'http://www.w3.org/2000/svg';
function svgEl(tag, attrs = {}, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// One request to a worker of its own: the rows' values as numbers.
function sweep(cmd, args) {
  return new Promise((ok) => {
    const code = `${berclWorker.toString()}\nberclWorker(self);\n`;
    const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
    const w = new Worker(url);
    URL.revokeObjectURL(url);
    const out = { header: null, rows: [] };
    w.onmessage = (e) => {
      const m = e.data;
      if (m.ready) { w.postMessage({ run: { id: 1, cmd, args, show: 100000, chunk: 1000 } }); return; }
      if (m.header) out.header = m.header.map((c) => c.name);
      for (const r of m.rows) out.rows.push(r.value);
      if (m.status !== undefined) { w.terminate(); ok(out); }
    };
    w.postMessage({ module: wasmModule });
  });
}

const MAX_CURVES = 6;
async function plot() {
  const q = current, r = result;
  if (!r.header) return;
  if (q === 'lanes') return plotLanes(r);
  if (q === 'eye') return plotEye(r);
  if (q === 'plan' && !file) return plotPlan(q, r);
  if (q === 'ber') return plotBer(r);
  if (q === 'fec' && !file) return plotFec(q, r);
  if (!['cl', 'bits', 'errors'].includes(QUESTIONS[q].cmd) || file) return;
  const h = r.header.map((c) => c.name);
  const col = (n) => h.indexOf(n);
  const ok = r.rows.filter((x) => col('error') < 0 || !x.value[col('error')]);
  if (!ok.length || col('bits') < 0 || col('ber') < 0) return;
  const ber = ok[0].value[col('ber')];
  const same = ok.filter((x) => x.value[col('ber')] === ber && x.value[col('bits')] !== '');
  const errs = [...new Set(same.map((x) => x.value[col('errors')]).filter((e) => e !== ''))];
  if (!errs.length) return;
  const drawn = errs.slice(0, MAX_CURVES);
  const bitsMax = Math.max(...same.map((x) => Number(x.value[col('bits')]))) * 1.5;
  const rate = col('rate_bps') >= 0 && ok[0].value[col('rate_bps')] ? Number(ok[0].value[col('rate_bps')]) * Number(ok[0].value[col('lanes')] || 1) : NaN;
  const model = col('model') >= 0 ? ok[0].value[col('model')] : 'poisson';
  const pts = `${bitsMax / 120}..${bitsMax}:120`;
  const got = await sweep('cl', [['errors', drawn.join(',')], ['bits', pts], ['ber', ber], ['model', model]]);
  if (current !== q || result !== r || !got.header) return;
  const gi = (n) => got.header.indexOf(n);
  const series = drawn.map((e) => ({ label: `${e} ${e === '1' ? 'error' : 'errors'}`,
    pts: [[0, 0], ...got.rows.filter((x) => x[gi('errors')] === e && x[gi('cl')] !== '').map((x) => [Number(x[gi('bits')]) / (rate > 0 ? rate : 1), Number(x[gi('cl')])])] }));
  const targetCell = col('cl') >= 0 && QUESTIONS[q].cmd !== 'cl' ? ok[0].value[col('cl')] : col('require') >= 0 ? ok[0].value[col('require')] : '';
  const marks = same.slice(0, MAX_CURVES).map((x) => Number(x.value[col('bits')]) / (rate > 0 ? rate : 1));
  const svg = drawPlot(`CL that BER < ${ber} against test ${rate > 0 ? 'time' : 'length'}`, rate > 0 ? 'test time (s)' : 'bits tested', 'CL', series,
    { hline: targetCell ? Number(targetCell) : undefined, vlines: marks, note: 'dashed: the target CL, and the rows\' test lengths' });
  $('#plot').append(svg);
  if (errs.length > drawn.length) $('#plot').append(el('p', { class: 'note', text: `The plot draws the first ${MAX_CURVES} of ${errs.length} error counts; the table has every row.` }));
}

// Axes and curves; the legend is a list beside the plot, so that it covers no curve.
function drawPlot(title, xlabel, ylabel, series, opts = {}) {
  const W = 640, H = 340, L = 58, R = 14, T = 28, B = 48;
  const fx = opts.logx ? Math.log10 : (v) => v;
  const xs = series.flatMap((s) => s.pts.map((p) => p[0])).filter((v) => !opts.logx || v > 0);
  let x0 = opts.logx ? Math.min(...xs) : 0, x1 = Math.max(...xs) || 1;
  if (!(fx(x1) > fx(x0))) x1 = opts.logx ? x0 * 10 : x0 + 1;
  const px = (v) => L + (fx(v) - fx(x0)) / (fx(x1) - fx(x0)) * (W - L - R);
  // y: a probability from 0 to 1, or (logy) its log10 given directly, so
  // that values below the double range still have a place
  let py = (v) => T + (1 - v) * (H - T - B), yticks = [0, 1, 2, 3, 4].map((k) => [k / 4, `${k * 25} %`]);
  if (opts.logy) {
    const ys = series.flatMap((s) => s.pts.map((p) => p[1])).filter(Number.isFinite);
    const y1 = Math.min(0, Math.ceil(Math.max(...ys))), y0 = Math.min(y1 - 1, Math.floor(Math.min(...ys)));
    py = (v) => T + (y1 - v) / (y1 - y0) * (H - T - B);
    const step = Math.max(1, Math.ceil((y1 - y0) / 6));
    yticks = [];
    for (let d = y1; d >= y0; d -= step) yticks.push([d, d === 0 ? '1' : `1e${d}`]);
  }
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': title, class: 'plot' });
  svg.append(svgEl('title', {}, title));
  svg.append(svgEl('text', { x: 4, y: 18, class: 'ptitle' }, title));
  for (const [v, label] of yticks) {
    const y = py(v);
    svg.append(svgEl('line', { x1: L, x2: W - R, y1: y, y2: y, class: 'grid' }));
    svg.append(svgEl('text', { x: L - 6, y: y + 4, class: 'tick', 'text-anchor': 'end' }, label));
  }
  const ticks = [];
  if (opts.logx) {
    const d0 = Math.ceil(Math.log10(x0) - 1e-9), d1 = Math.floor(Math.log10(x1) + 1e-9);
    const step = Math.max(1, Math.ceil((d1 - d0 + 1) / 7));
    for (let d = d0; d <= d1; d += step) ticks.push([10 ** d, `1e${d}`]);
  } else {
    const span = x1 - x0, step = 10 ** Math.floor(Math.log10(span / 4));
    const st = [1, 2, 5, 10].map((m) => m * step).find((v) => span / v <= 6) || step * 10;
    for (let v = 0; v <= x1 + 1e-9 * st; v += st) ticks.push([v, String(+v.toPrecision(4))]);
  }
  for (const [v, label] of ticks) {
    const x = px(v);
    svg.append(svgEl('line', { x1: x, x2: x, y1: T, y2: H - B, class: 'grid' }));
    svg.append(svgEl('text', { x, y: H - B + 16, class: 'tick', 'text-anchor': 'middle' }, label));
  }
  svg.append(svgEl('rect', { x: L, y: T, width: W - L - R, height: H - T - B, class: 'frame' }));
  svg.append(svgEl('text', { x: (L + W - R) / 2, y: H - 10, class: 'axis', 'text-anchor': 'middle' }, xlabel));
  svg.append(svgEl('text', { x: 14, y: (T + H - B) / 2, class: 'axis', 'text-anchor': 'middle', transform: `rotate(-90 14 ${(T + H - B) / 2})` }, ylabel));
  if (opts.hline !== undefined && (opts.logy || (opts.hline >= 0 && opts.hline <= 1))) svg.append(svgEl('line', { x1: L, x2: W - R, y1: py(opts.hline), y2: py(opts.hline), class: 'target' }));
  for (const v of opts.vlines || []) if (v >= x0 && v <= x1) svg.append(svgEl('line', { x1: px(v), x2: px(v), y1: T, y2: H - B, class: 'target' }));
  series.forEach((s, k) => {
    const pts = s.pts.filter((p) => (!opts.logx || p[0] > 0) && Number.isFinite(p[1]));
    if (s.range) { // an interval: a bar at height p[1] from p[0] to p[2]
      for (const p of s.range) {
        const xa = p[0] > 0 ? px(Math.max(p[0], x0)) : L, xb = px(Math.min(p[2], x1));
        svg.append(svgEl('line', { x1: xa, x2: xb, y1: py(p[1]), y2: py(p[1]), class: `curve c${k % 6}` }));
      }
      return;
    }
    const d = pts.map((p, j) => `${j ? 'L' : 'M'}${px(p[0]).toFixed(1)},${py(p[1]).toFixed(1)}`).join('');
    svg.append(svgEl('path', { d, class: `curve c${k % 6}` }));
  });
  const legend = el('ul', { class: 'legend' }, ...series.map((s, k) => el('li', {}, el('span', { class: `swatch b${k % 6}`, 'aria-hidden': 'true' }), document.createTextNode(s.label))));
  if (opts.note) legend.append(el('li', {}, el('span', { class: 'swatch dash', 'aria-hidden': 'true' }), document.createTextNode(opts.note)));
  return el('figure', { class: 'figure' }, svg, legend);
}

// plan: the chance to pass against the true BER (its OC curve), from the
// engine's own --true-ber answer at 61 BERs around the plan's.
async function plotPlan(q, r) {
  const h = r.header.map((c) => c.name);
  const row = r.rows.find((x) => h.indexOf('error') < 0 || !x.value[h.indexOf('error')]);
  if (!row) return;
  const ber = Number(row.value[h.indexOf('ber')]), ratio = Number(row.value[h.indexOf('ratio')]);
  if (!(ber > 0) || !(ratio > 1)) return;
  const lo = Math.max(1e-300, ber / ratio / 30), hi = Math.min(0.5, ber * 30);
  const args = argsOf(q, formState()).filter(([k]) => k !== 'true-ber');
  for (const k of ['ber', 'cl', 'alpha', 'errors', 'bits']) {
    const a = args.find(([n]) => n === k);
    if (a && /[,:]|\.\./.test(a[1])) a[1] = row.value[h.indexOf(k)] || a[1]; // the first plan of a sweep
  }
  args.push(['true-ber', `${lo}..${hi}:61log`]);
  const got = await sweep('plan', args);
  if (current !== q || result !== r || !got.header) return;
  const tb = got.header.indexOf('true_ber'), pp = got.header.indexOf('p_pass');
  if (tb < 0 || pp < 0) return;
  const pts = got.rows.map((x) => [Number(x[tb]), Number(x[pp])]).filter((p) => Number.isFinite(p[1]));
  if (!pts.length) return;
  $('#plot').append(drawPlot(`P(pass) against the true BER${r.count > 1 ? ' (the first plan)' : ''}`, 'true BER', 'P(pass)',
    [{ label: 'chance to pass', pts }], { logx: true, vlines: [ber / ratio, ber], note: `dashed: the good BER ${ber / ratio} and the bad ${ber}` }));
}

// log10 of a machine cell: a double, or m e x below the double range
function log10Cell(c) {
  const m = /^(.*e-?\d+)e(-?\d+)$/.exec(c);
  return m ? Math.log10(Number(m[1])) + Number(m[2]) : Math.log10(Number(c));
}

// fec: the CER behind the code against the pre-FEC BER, from the engine at 61 BERs
async function plotFec(q, r) {
  const h = r.header.map((c) => c.name);
  const row = r.rows.find((x) => h.indexOf('error') < 0 || !x.value[h.indexOf('error')]);
  if (!row || h.indexOf('code') < 0) return;
  const b = h.indexOf('ber_max') >= 0 && row.value[h.indexOf('ber_max')] ? row.value[h.indexOf('ber_max')] : h.indexOf('ber') >= 0 ? row.value[h.indexOf('ber')] : '';
  if (!(Number(b) > 0)) return;
  const bcol = (x) => Number(x.value[h.indexOf('ber_max') >= 0 && x.value[h.indexOf('ber_max')] ? h.indexOf('ber_max') : h.indexOf('ber')]);
  const marks = r.rows.slice(0, 6).map(bcol).filter((v) => v > 0);
  const lo = Math.max(1e-300, Math.min(...marks) / 10), hi = Math.min(0.5, Math.max(...marks) * 10);
  const code = argsOf(q, formState()).find(([k]) => k === 'code');
  if (!code) return;
  const got = await sweep('fec', [code, ['ber', `${lo}..${hi}:61log`]]);
  if (current !== q || result !== r || !got.header) return;
  const bi = got.header.indexOf('ber'), ci = got.header.indexOf('cer');
  const pts = got.rows.map((x) => [Number(x[bi]), log10Cell(x[ci])]).filter((p) => Number.isFinite(p[1]));
  if (!pts.length) return;
  $('#plot').append(drawPlot(`CER behind ${row.value[h.indexOf('code')]} (t = ${row.value[h.indexOf('t')]}) against the pre-FEC BER`, 'pre-FEC BER', 'CER',
    [{ label: 'CER', pts }], { logx: true, logy: true, vlines: marks, note: `dashed: the rows' BER${r.count > 6 ? ' (the first 6)' : ''}` }));
}

// lanes: each lane's CL, combined and all, against --require
function plotLanes(r) {
  const h = r.header.map((c) => c.name);
  const li = h.indexOf('lane'), ci = h.indexOf('cl');
  if (li < 0 || ci < 0) return;
  const rows = r.rows.filter((x) => x.value[ci] !== '');
  const range = rows.map((x, k) => [0, 1 - (k + 0.5) / rows.length, Number(x.value[ci])]);
  const req = h.indexOf('require') >= 0 ? Number(r.rows[0].value[h.indexOf('require')]) : undefined;
  const fig = drawPlot('CL of each lane, the lanes pooled (combined) and every lane at once (all)', 'CL', 'lanes, top to bottom', [{ label: `rows top to bottom: ${rows.map((x) => x.value[li]).join(', ')}`, range, pts: [[0, 0], [1, 0]] }],
    { vlines: req ? [req] : [], note: req ? `dashed: --require ${req}` : undefined });
  fig.querySelectorAll('.tick').forEach((t) => { if (/%$/.test(t.textContent)) t.textContent = ''; });
  $('#plot').append(fig);
}

// ber: each row's bound or interval on a log axis
const MAX_BARS = 40;
function plotBer(r) {
  const h = r.header.map((c) => c.name);
  const ui = h.indexOf('ber_upper'), li = h.indexOf('ber_lower');
  if (ui < 0) return;
  const rows = r.rows.filter((x) => Number(x.value[ui]) > 0).slice(0, MAX_BARS);
  if (!rows.length) return;
  const range = rows.map((x, k) => [li >= 0 ? Number(x.value[li]) : 0, 1 - (k + 0.5) / rows.length, Number(x.value[ui])]);
  const lows = range.map((p) => p[0]).filter((v) => v > 0);
  const lo = Math.min(...lows, ...range.map((p) => p[2] / 100)) / 3; // a lower bound of 0 starts at the left edge
  const fig = drawPlot(li >= 0 ? 'The BER interval of each row' : 'The BER bound of each row (from 0)', 'BER', 'rows, top to bottom',
    [{ label: `rows 1 to ${rows.length}, top to bottom; a bar from the left edge: lower bound 0`, range, pts: [[lo, 0], [Math.max(...range.map((p) => p[2])), 0]] }], { logx: true });
  fig.querySelectorAll('.tick').forEach((t) => { if (/%$/.test(t.textContent)) t.textContent = ''; });
  $('#plot').append(fig);
  if (r.count > rows.length) $('#plot').append(el('p', { class: 'note', text: `The plot draws the first ${rows.length} of ${r.count} rows; the table has every row.` }));
}

// eye: the bathtub, every number from the engine (engine/eye_plot.c): the
// scan's points, each edge's fitted tail and, at each target BER, the fitted
// crossings and the eye opening's interval (its ends about the eye's centre)
function plotEye(r) {
  if (!r.plot) return;
  const rec = (k) => r.plot.filter((x) => x[0] === k).map((x) => x.slice(1).map(Number));
  const floor = rec('floor')[0][0];
  const pts = rec('point'), curves = rec('curve'), targets = rec('target');
  const xs = [...pts.map((p) => p[0]), ...curves.map((c) => c[1])];
  const x0 = Math.min(...xs), x1 = Math.max(...xs);
  const W = 640, H = 360, L = 58, R = 14, T = 28, B = 48;
  const px = (v) => L + (v - x0) / (x1 - x0 || 1) * (W - L - R);
  const py = (v) => T + (0 - Math.max(v, floor)) / (0 - floor) * (H - T - B);
  const title = 'Bathtub: the scan, each edge\'s fitted tail, the eye opening at the target';
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': title, class: 'plot' });
  svg.append(svgEl('title', {}, title), svgEl('text', { x: 4, y: 18, class: 'ptitle' }, title));
  const step = Math.max(1, Math.ceil(-floor / 8));
  for (let d = 0; d >= floor; d -= step) {
    svg.append(svgEl('line', { x1: L, x2: W - R, y1: py(d), y2: py(d), class: 'grid' }));
    svg.append(svgEl('text', { x: L - 6, y: py(d) + 4, class: 'tick', 'text-anchor': 'end' }, d === 0 ? '1' : `1e${d}`));
  }
  const span = x1 - x0, st0 = 10 ** Math.floor(Math.log10(span / 4)), st = [1, 2, 5, 10].map((m) => m * st0).find((v) => span / v <= 6) || st0 * 10;
  for (let v = Math.ceil(x0 / st) * st; v <= x1 + 1e-9 * st; v += st) {
    svg.append(svgEl('line', { x1: px(v), x2: px(v), y1: T, y2: H - B, class: 'grid' }));
    svg.append(svgEl('text', { x: px(v), y: H - B + 16, class: 'tick', 'text-anchor': 'middle' }, String(+v.toPrecision(4))));
  }
  svg.append(svgEl('rect', { x: L, y: T, width: W - L - R, height: H - T - B, class: 'frame' }));
  const axis = r.rows.length && r.header.some((c) => c.name === 'q') ? 'threshold (the file\'s unit)' : 'offset (UI)';
  svg.append(svgEl('text', { x: (L + W - R) / 2, y: H - 10, class: 'axis', 'text-anchor': 'middle' }, axis));
  svg.append(svgEl('text', { x: 14, y: (T + H - B) / 2, class: 'axis', 'text-anchor': 'middle', transform: `rotate(-90 14 ${(T + H - B) / 2})` }, 'BER'));
  for (const [ber, left, right, , lower, upper] of targets) {
    const c = (left + right) / 2, y = py(Math.log10(ber));
    svg.append(svgEl('line', { x1: L, x2: W - R, y1: y, y2: y, class: 'target' }));
    for (const sg of [-1, 1]) {
      const a = px(c + sg * lower / 2), b = px(c + sg * upper / 2);
      svg.append(svgEl('rect', { x: Math.min(a, b), y: y - 7, width: Math.max(1.5, Math.abs(b - a)), height: 14, class: 'band' }));
    }
    svg.append(svgEl('line', { x1: px(left), x2: px(right), y1: y, y2: y, class: 'curve c4 opening' }));
  }
  [0, 1].forEach((e) => {
    const c = curves.filter((x) => x[0] === e && x[2] >= floor);
    const d = c.map((p, j) => `${j ? 'L' : 'M'}${px(p[1]).toFixed(1)},${py(p[2]).toFixed(1)}`).join('');
    svg.append(svgEl('path', { d, class: `curve c${e ? 1 : 0}` }));
  });
  for (const [x, y, zero] of pts) {
    if (y < floor) continue;
    svg.append(svgEl('circle', { cx: px(x).toFixed(1), cy: py(y).toFixed(1), r: 3, class: zero ? 'pt zero' : 'pt' }));
  }
  const legend = el('ul', { class: 'legend' },
    el('li', {}, el('span', { class: 'dot', 'aria-hidden': 'true' }), document.createTextNode('the scan: errors / bits at each offset')),
    el('li', {}, el('span', { class: 'dot zero', 'aria-hidden': 'true' }), document.createTextNode('no errors: drawn at 1 / bits')),
    el('li', {}, el('span', { class: 'swatch b0', 'aria-hidden': 'true' }), document.createTextNode('left edge: fitted tail')),
    el('li', {}, el('span', { class: 'swatch b1', 'aria-hidden': 'true' }), document.createTextNode('right edge: fitted tail')),
    el('li', {}, el('span', { class: 'swatch b4', 'aria-hidden': 'true' }), document.createTextNode(`the eye opening between the fitted crossings of the target BER (dashed)${targets.length > 1 ? ', one each' : ''}`)),
    el('li', {}, el('span', { class: 'box', 'aria-hidden': 'true' }), document.createTextNode('shaded: the eye opening\'s interval (the table\'s lower and upper), its ends laid about the eye\'s centre')));
  $('#plot').append(el('figure', { class: 'figure' }, svg, legend));
}

// ---- tabs and start ----

function selectQuestion(q, state, push = true) {
  if (current) extra = [];
  if (current && $('#form').elements.length) saved[current] = { state: formState(), file };
  const keep = saved[q];
  if (!state && keep) { state = keep.state; file = keep.file; } else if (!state) {
    state = QUESTIONS[q].example;
    const ex = QUESTIONS[q].exampleFile;
    file = ex ? { role: ex.role, name: ex.name, bytes: new TextEncoder().encode(ex.text) } : null;
  }
  const ex = QUESTIONS[q].exampleFile;
  if (ex && !file) { // a link cannot hold a file: the example log, named so
    file = { role: ex.role, name: `${ex.name} (the example${ex.role === 'stdin' ? ' log' : ''})`, bytes: new TextEncoder().encode(ex.text) };
  }
  current = q;
  for (const b of document.querySelectorAll('#tabs [role=tab]')) {
    const on = b.dataset.q === q;
    b.setAttribute('aria-selected', on ? 'true' : 'false');
    b.tabIndex = on ? 0 : -1;
  }
  $('#title').textContent = QUESTIONS[q].title;
  buildForm(q, state);
  run(push);
}

function questionFromQuery(p) {
  const cmd = p.get('cmd');
  if (cmd === 'cl' && p.has('lane-errors')) return 'lanes';
  return Object.keys(QUESTIONS).find((k) => QUESTIONS[k].cmd === cmd && k !== 'lanes') || (cmd ? cmd : 'bits');
}

function setup() {
  for (const f of tables.flags) flagBy[f.name] = f;
  const tabs = $('#tabs');
  const names = Object.keys(QUESTIONS);
  for (const q of names) {
    const b = el('button', { type: 'button', role: 'tab', 'data-q': q, id: `tab-${q}`, 'aria-controls': 'panel', text: q });
    b.addEventListener('click', () => { if (q !== current) selectQuestion(q); });
    tabs.append(b);
  }
  tabs.addEventListener('keydown', (e) => {
    const k = names.indexOf(current);
    const n = { ArrowRight: (k + 1) % names.length, ArrowLeft: (k + names.length - 1) % names.length, Home: 0, End: names.length - 1 }[e.key];
    if (n === undefined) return;
    e.preventDefault();
    selectQuestion(names[n]);
    $(`#tab-${names[n]}`).focus();
  });
  $('#form').addEventListener('submit', (e) => { e.preventDefault(); run(); });
  $('#form').addEventListener('keydown', (e) => { if (e.key === 'Enter' && e.target.tagName === 'INPUT') { e.preventDefault(); run(); } });
  $('#form').addEventListener('change', () => { extra = []; run(); });
  $('#stop').addEventListener('click', () => stop());
  $('#download').addEventListener('click', download);
  $('#copy-table').addEventListener('click', () => {
    const t = tableText(false);
    if (navigator.clipboard) navigator.clipboard.writeText(t).catch(() => {});
    $('#link-note').textContent = 'Copied: the shown columns with their header, tab-separated, full precision.';
  });
  $('#copy-link').addEventListener('click', () => {
    if (navigator.clipboard) navigator.clipboard.writeText(location.href).catch(() => {});
    $('#link-note').textContent = 'The address bar holds this form: copy it to share the result.';
  });
  $('#results').addEventListener('copy', (e) => {
    if (!result || !result.header) return;
    e.clipboardData.setData('text/plain', tableText(true));
    e.preventDefault();
  });
  // files: drop, paste, choose
  const drop = $('#drop');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', async (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const f = e.dataTransfer.files[0];
    if (f) setFile(f.name, new Uint8Array(await f.arrayBuffer()));
    else setFile('pasted.csv', new TextEncoder().encode(e.dataTransfer.getData('text/plain')));
  });
  $('#file-pick').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (f) setFile(f.name, new Uint8Array(await f.arrayBuffer()));
    e.target.value = '';
  });
  $('#paste-go').addEventListener('click', () => {
    const t = $('#paste').value;
    if (t) setFile($('#paste-name').value.trim() || 'pasted.csv', new TextEncoder().encode(t));
  });
  $('#file-role').addEventListener('change', () => { if (file) { file.role = $('#file-role').value; showFile(); run(); } });
  $('#file-clear').addEventListener('click', () => { file = null; showFile(); run(); });

  const p = new URLSearchParams(location.search);
  const q = questionFromQuery(p);
  if (!QUESTIONS[q]) {
    // a subcommand the page has no tab for: the engine says what it says
    selectQuestion('bits', null, false);
    run(false, q);
    return;
  }
  const state = {};
  for (const [k, v] of p) if (k !== 'cmd') state[k] = v;
  if (p.has('cmd')) {
    // flags the form does not list are still the command's: they go to the
    // engine as typed, which names any it does not take
    const listed = new Set(flagsOf(QUESTIONS[q].cmd).filter((f) => !NOT_IN_FORMS.has(f.name)).map((f) => f.name));
    const keep = {};
    for (const [k, v] of Object.entries(state)) if (listed.has(k)) keep[k] = v;
    current = null;
    extra = [...p].filter(([k]) => k !== 'cmd' && !listed.has(k));
    selectQuestion(q, keep, false);
  } else selectQuestion(q, null, false);
}

// The module is inlined (bercl-wasm.js: gzip, then base64), so that the page
// also works from a local folder, where browsers refuse to fetch a file:// URL.
async function start() {
  const gz = Uint8Array.from(atob(BERCL_WASM), (c) => c.charCodeAt(0));
  const bytes = await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  wasmModule = await WebAssembly.compile(bytes);
  await startWorker();
  setup();
}
if (typeof window !== 'undefined') {
  start().catch((e) => {
    const m = document.getElementById('message');
    m.textContent = `The calculator could not start: ${e}`;
    m.hidden = false;
    document.body.dataset.state = 'error';
  });
}
