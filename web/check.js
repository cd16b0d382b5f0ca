// SPDX-License-Identifier: GPL-3.0-or-later
// make check-web: the page against the command, in two parts.
//
// 1. The page's engine in node: the same WebAssembly module and worker code
//    (web/worker.js) the page runs, given what the command line holds. Every
//    command of the behaviour corpus (tests/corpus/commands) that the page
//    can put (a subcommand, flags, files and standard input) and random
//    points of every question run through both; the CSV the command writes
//    with -f csv (byte for byte), every line of its standard error and its
//    exit status must be the page's.
// 2. The built page (web/dist) in headless Chromium, driven over the
//    DevTools protocol on a pipe (--remote-debugging-pipe: no WebSocket, no
//    npm package), served by a static server in this process on 127.0.0.1:
//    the bare page and every tab open on an answer; random points typed into
//    the forms give the command's cells and messages; a batch, a histogram
//    in each format, an interval log and a counter log, dropped or pasted,
//    download as the command's CSV; a 1e5-row batch leaves the page
//    responsive and Stop ends it; from file:// with the network off; the
//    keyboard and the labels; screenshots at 1280 and 390 px to
//    tests/tmp/web-shots/ (not in web/dist), the phone's answer above the
//    fold; web/dist holds only what the page loads.
// Seeded: WEB_SEED=S repeats a run; WEB_POINTS=N points per question in
// node (default 300), a tenth of them through the forms.
'use strict';
const fs = require('fs');
const path = require('path');
const http = require('http');
const os = require('os');
const { spawn, spawnSync } = require('child_process');
const { berclWorker } = require('./worker.js');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'web', 'dist');
const bercl = path.join(root, 'bercl');
const corpusIn = path.join(root, 'tests', 'corpus', 'in');
const shots = path.join(root, 'tests', 'tmp', 'web-shots');
const SEED = Number(process.env.WEB_SEED || Math.floor(Date.now() / 1000) % 1000000);
const POINTS = Number(process.env.WEB_POINTS || 300);
const DIST_FILES = ['index.html', 'app.js', 'worker.js', 'bercl-wasm.js'];

// ---- a seeded generator (mulberry32) ----
let s32 = SEED >>> 0;
function rnd() {
  s32 = (s32 + 0x6D2B79F5) >>> 0;
  let t = s32;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(rnd() * a.length)];
const chance = (p) => rnd() < p;
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
const sig = (v, d) => String(Number(v.toPrecision(d)));

// ---- values in the command's syntax ----
function ber(lo = 3, hi = 15) {
  const e = int(lo, hi);
  return pick([`1e-${e}`, `${pick(['2', '2.5', '5', '3.3'])}e-${e}`, sig(10 ** -(lo + rnd() * (hi - lo)), 4)]);
}
function errorsText(max = 1000) {
  return chance(0.15) ? `${int(0, 3)}..${int(4, 8)}` : String(chance(0.5) ? int(0, 5) : int(0, max));
}
function clText() {
  return pick(['95%', '99%', '90%', '0.95', '0.99', '99.9%', '0.999999', '63%', '0.5', '99.99999%', '80%', sig(0.5 + rnd() * 0.4999, 5)]);
}
function bitsText() {
  return pick([`${int(1, 9)}T`, `${sig(1 + rnd() * 9, 3)}e${int(6, 16)}`, String(int(1000, 99999999)), `${int(1, 999)}G`, `${sig(rnd() * 100 + 1, 3)}P`]);
}
const rateText = () => pick(['25.78125G', '10Gb/s', '53.125G', '100G', '106.25G', '1.25Gbps', '10G']);
const timeText = () => pick(['90s', '10min', '1h30m', '2.5h', '15min', '1d', '45', '1min', '12h']);
const modelOf = () => (chance(0.3) ? 'binomial' : undefined);
// binomial points: at most ~1e7 bits, so that bits * ber stays where the
// exact sums are quick (their cost grows with the variance)
const binomialBits = () => pick([String(int(10, 99999)), `${int(1, 9)}M`, `${sig(1 + rnd() * 9, 3)}e${int(3, 6)}`]);
function binomial(p) {
  p.model = 'binomial';
  p.ber = ber(3, 9);
  if (p.bits) p.bits = binomialBits();
  if (p.time) { p.time = pick(['1', '2s', '0.5', '10s']); p.rate = pick(['1M', '10Mb/s', '1.25M']); delete p.lanes; }
}

function bitsOrTime(p) {
  if (chance(0.6)) p.bits = bitsText();
  else {
    p.time = timeText();
    p.rate = rateText();
    if (chance(0.4)) p.lanes = String(int(1, 8));
  }
}

const GEN = {
  cl() {
    const p = { errors: errorsText(), ber: ber() };
    bitsOrTime(p);
    if (chance(0.25)) p.require = clText();
    if (modelOf()) binomial(p);
    return p;
  },
  bits() {
    const p = { errors: errorsText(200), ber: ber(), cl: clText() };
    if (chance(0.15)) { p.baud = pick(['26.5625G', '53.125GBd', '10G']); if (chance(0.7)) p['bits-per-symbol'] = pick(['1', '2']); } else if (chance(0.5)) p.rate = rateText();
    if (chance(0.3)) p.lanes = String(int(1, 16));
    if (p.lanes && chance(0.4)) p['all-lanes'] = '1';
    const m = modelOf(); if (m) { p.model = m; p.ber = ber(3, 9); }
    return p;
  },
  ber() {
    const p = { errors: errorsText(), cl: clText() };
    bitsOrTime(p);
    if (chance(0.5)) p['two-sided'] = '1';
    if (modelOf()) { binomial(p); delete p.ber; }
    return p;
  },
  errors() {
    const p = { ber: ber(), cl: clText() };
    bitsOrTime(p);
    if (modelOf()) binomial(p);
    return p;
  },
  plan() {
    const p = { ber: ber(6, 15), ratio: pick(['2', '1.5', '3', '4', '10', '2.5']) };
    if (chance(0.3)) {
      p.errors = String(int(0, 30));
      if (chance(0.7)) p.bits = bitsText(); else { p.time = timeText(); p.rate = rateText(); }
    } else {
      p.cl = pick(['95%', '90%', '99%', '80%', '0.95']);
      p.alpha = pick(['5%', '10%', '1%', '20%', '0.05']);
      if (chance(0.4)) p.sequential = '1';
      if (chance(0.4)) p.rate = rateText();
    }
    if (chance(0.35)) p['true-ber'] = chance(0.7) ? ber(6, 15) : `${ber(12, 14)},${ber(9, 11)}`;
    return p;
  },
  fec() {
    const p = { code: pick(['kp4', 'kr4', 'rs:255,239', 'rs:255,223,8', 'rs:544,514,10', 'rs:100,90']) };
    const mode = pick(['ber', 'ber', 'cer', 'test', 'counts', 'degrade']);
    if (mode === 'degrade') {
      p[chance(0.5) ? 'ser' : 'ber'] = pick(['1e-5', '2.4e-4', '1e-4', '3e-6']);
      p['degrade-interval'] = pick(['8192', '1000000', '65536']);
      p['degrade-threshold'] = pick(['10', '100', '4000', '500']);
      if (chance(0.5)) p.rate = pick(['106.25G', '53.125G']);
    } else if (mode === 'ber') p.ber = chance(0.8) ? ber(2, 9) : `${ber(3, 5)},${ber(6, 9)}`;
    else if (mode === 'cer') p.cer = pick(['1e-12', '1e-15', '1e-6', '1e-20', '2.4e-4', '1e-100']);
    else if (mode === 'test') {
      p.errors = String(chance(0.5) ? int(0, 100) : int(1, 999999999));
      if (chance(0.5)) p.bits = bitsText(); else { p.time = timeText(); p.rate = rateText(); }
      p.cl = clText();
      if (modelOf()) { p.model = 'binomial'; p.errors = String(int(0, 100)); if (p.bits) p.bits = binomialBits(); else { p.time = '1'; p.rate = '1M'; } }
    } else {
      p.codewords = pick(['1e12', '1000000', '5e9', String(int(1000, 9999999))]);
      p.uncorrectable = String(int(0, 20));
      if (chance(0.5)) p.cer = pick(['1e-11', '1e-9', '1e-6']); else p.cl = clText();
      const m = modelOf(); if (m) p.model = m;
    }
    return p;
  },
  lanes() {
    const n = int(2, 8);
    const p = { 'lane-errors': Array.from({ length: n }, () => String(chance(0.6) ? 0 : int(0, 5))).join(','), ber: ber(9, 15) };
    if (chance(0.5)) p.bits = bitsText(); else { p.time = timeText(); p.rate = rateText(); }
    if (chance(0.3)) p.require = clText();
    if (modelOf()) binomial(p);
    return p;
  },
};
// eye scans (docs/examples), each with its flags: [file or null, [[flag, value]]]
const examples = path.join(root, 'docs', 'examples');
const EYE_CASES = [
  ['eye_bathtub.csv', []],
  ['eye_bathtub.csv', [['ber', '1e-12,1e-15'], ['cl', '99%']]],
  ['eye_bathtub.csv', [['method', 'regression']]],
  ['eye_bathtub.csv', [['transition-density', 'fit']]],
  ['eye_bathtub.csv', [['fit-below', '1e-4'], ['scan-format', 'csv']]],
  ['eye_ibert.csv', []],
  ['eye_ibert.csv', [['scan-format', 'ibert'], ['ber', '1e-15']]],
  ['eye_voltage.csv', [['axis', 'voltage']]],
  ['eye_voltage.csv', [['axis', 'voltage'], ['method', 'regression']]],
  ['eye_bathtub.csv', [['plan', '1'], ['half-width', '0.001'], ['rate', '25.78125G']]],
  [null, [['plan', '1'], ['half-width', '0.002'], ['sigma', '0.02'], ['dj', '0.2'], ['offsets', '0.05..0.3:11']]],
  // refused
  ['eye_bathtub.csv', [['ber', '0.7']]],
  ['eye_bathtub.csv', [['cl', '120%']]],
  ['eye_bathtub.csv', [['axis', 'sideways']]],
  ['eye_bathtub.csv', [['scan-format', 'ibert']]],
  ['eye_ibert.csv', [['scan-format', 'csv']]],
  ['eye_bathtub.csv', [['sigma', '0.02']]],
  [null, []],
];
const CMD = { cl: 'cl', bits: 'bits', ber: 'ber', errors: 'errors', plan: 'plan', fec: 'fec', lanes: 'cl' };
const SWITCH = new Set(['two-sided', 'sequential', 'all-lanes', 'clustered', 'plan']);

// Refused input: the page must say what the command says.
const BAD = [
  ['cl', { errors: 'x', bits: '3T', ber: '1e-12' }],
  ['cl', { errors: '1.5', bits: '3T', ber: '1e-12' }],
  ['cl', { errors: '0', bits: '3Q', ber: '1e-12' }],
  ['cl', { errors: '0', bits: '3T', ber: '2' }],
  ['cl', { errors: '0', bits: '3T' }],
  ['cl', { errors: '0', time: '10min', ber: '1e-12' }],
  ['cl', { errors: '0', time: '10 parsecs', rate: '10G', ber: '1e-12' }],
  ['cl', { errors: '5', bits: '3', ber: '1e-12' }],
  ['cl', { errors: '0', bits: '1e301', ber: '1e-12' }],
  ['cl', { errors: '0', bits: '1', ber: '1e-301' }],
  ['cl', { errors: '0', bits: '3T', ber: '1e-400' }],
  ['ber', { errors: '0', time: '1e300', rate: '100G', cl: '95%' }],
  ['bits', { ber: '1e-12', cl: '120%' }],
  ['bits', { ber: '1e-12' }],
  ['bits', { ber: '1e-12', cl: '95%', rate: '10GBd' }],
  ['bits', { ber: '1e-12', cl: '95%', 'all-lanes': '1' }],
  ['ber', { errors: '0', bits: '3T' }],
  ['ber', { errors: '0..1.5', bits: '3T', cl: '95%' }],
  ['errors', { bits: '1e15', ber: '1e-12' }],
  ['plan', { ber: '1e-12', cl: '95%', alpha: '5%' }],
  ['plan', { ber: '1e-12', cl: '95%', ratio: '2' }],
  ['plan', { ber: '1e-12', ratio: '1' , cl: '95%', alpha: '5%' }],
  ['plan', { ber: '1e-12', ratio: '2', bits: '3T', cl: '95%' }],
  ['fec', { code: 'kp5', ber: '1e-4' }],
  ['fec', { code: 'rs:10', ber: '1e-4' }],
  ['fec', { code: 'kp4' }],
  ['fec', { code: 'kp4', ber: '1e-4', cer: '1e-12' }],
  ['fec', { code: 'kp4', codewords: '1e9', cer: '1e-9' }],
  ['lanes', { 'lane-errors': '0', bits: '3T', ber: '1e-12' }],
  ['lanes', { 'lane-errors': '0,1..2:2', bits: '3T', ber: '1e-12' }],
];

// A CSV record parser (RFC 4180 quotes).
function parseCsv(text) {
  const rows = [];
  let row = [], f = '', q = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      if (c === '"') { if (text[i + 1] === '"') { f += '"'; i++; } else q = false; } else f += c;
    } else if (c === '"') q = true;
    else if (c === ',') { row.push(f); f = ''; } else if (c === '\n') { row.push(f); rows.push(row); row = []; f = ''; } else if (c !== '\r') f += c;
  }
  if (f !== '' || row.length) { row.push(f); rows.push(row); }
  return rows;
}


// ---- the command ----

function shellWord(a) { return /^[\w.%:,/+=@-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`; }
// argv and standard input through ./bercl, in dir: its stdout bytes, stderr lines, status
function command(argv, stdin, dir) {
  const r = spawnSync(bercl, argv, { cwd: dir || root, input: stdin || '', maxBuffer: 1 << 28, env: { ...process.env, LC_ALL: 'C', BERCL_PROGRESS_DELAY: '1000000' } });
  return { out: r.stdout, err: r.stderr.toString().split('\n').filter((l) => l), status: r.status };
}

// ---- the page's engine in node ----

let engine = null;
function pageRun(cmd, args, files) {
  const out = [], messages = [];
  let status = null;
  engine.run({ id: 1, cmd, args, files, show: 0, chunk: 1000 }, (m) => {
    for (const b of m.csv) out.push(Buffer.from(b));
    messages.push(...m.messages);
    if (m.status !== undefined) status = m.status;
  });
  return { out: Buffer.concat(out), err: messages, status };
}

const stats = {};
const failures = [];
function note(q, key, n = 1) { stats[q] = stats[q] || {}; stats[q][key] = (stats[q][key] || 0) + n; }

// The page's answer against the command's: bytes, messages, status.
function same(q, what, cli, page) {
  note(q, 'points');
  const bad = (why) => { note(q, 'failures'); failures.push(`${what}\n    ${why}`); };
  if (cli.status !== page.status) return bad(`status: command ${cli.status}, page ${page.status} (${cli.err[0] || page.err[0] || ''})`);
  if (JSON.stringify(cli.err) !== JSON.stringify(page.err)) return bad(`messages: command ${JSON.stringify(cli.err.slice(0, 3))}, page ${JSON.stringify(page.err.slice(0, 3))}`);
  if (!cli.out.equals(page.out) && !degradeNear(q, cli.out, page.out)) {
    const a = cli.out.toString().split('\n'), b = page.out.toString().split('\n');
    const k = a.findIndex((l, i) => l !== b[i]);
    return bad(`output line ${k + 1}: command '${a[k]}', page '${b[k]}'`);
  }
  if (cli.status >= 2 && !cli.out.length) note(q, 'refused');
  note(q, 'bytes', cli.out.length);
  note(q, 'lines', Math.max(0, cli.out.toString().split('\n').length - 2));
}

// Known: lib/fec_degrade.c sums in the C library's long double (expl, logl),
// the x87 format on x86-64 and IEEE quad in WebAssembly, so degrade_p and
// degrade_mean_time may differ in their last digits (seen: 1e-13
// relative). The page cannot give the command's bits by emulating the x87
// format alone (lib/x87soft.h): glibc's expl and logl on x86-64 are the
// x87 instructions f2xm1 and fyl2x, whose last bits are the processor's;
// the same bits everywhere need our own exp and log in fec_degrade.c (on
// dd.h, as xmath.c does for double), a change of the command's values. Such a row is counted and said, not passed over: any other
// cell, or a difference above 1e-9, fails.
const DEGRADE = new Set(['degrade_p', 'degrade_mean_time']);
// two cells within 1e-9 relative: doubles, or m e x below the double range
function nearCell(x, y) {
  const split = (c) => { const m = /^(.*e-?\d+)e(-?\d+)$/.exec(c); return m ? [Number(m[1]), Number(m[2])] : [Number(c), 0]; };
  const [u, eu] = split(x), [v, ev] = split(y);
  return eu === ev && Math.abs(u - v) <= 1e-9 * Math.abs(u);
}
function degradeNear(q, x, y) {
  const a = parseCsv(x.toString()), b = parseCsv(y.toString());
  if (a.length !== b.length || !a.length) return false;
  const h = a[0];
  for (let i = 0; i < a.length; i++) {
    if (a[i].length !== b[i].length) return false;
    for (let j = 0; j < a[i].length; j++) {
      if (a[i][j] === b[i][j]) continue;
      if (i === 0 || !DEGRADE.has(h[j]) || !nearCell(a[i][j], b[i][j])) return false;
    }
  }
  note(q, 'degrade_near');
  return true;
}

// Shell words of a corpus line (quotes, backslashes), or null for what a
// page cannot put (pipes other than printf's, redirections out, variables).
function words(line) {
  const out = [];
  let w = null, i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t') { if (w !== null) out.push(w); w = null; i++; continue; }
    if ('|;&$`>()'.includes(c)) { if (w !== null) out.push(w); w = null; out.push({ op: c }); i++; continue; }
    if (c === '<') { if (w !== null) out.push(w); w = null; out.push({ op: '<' }); i++; continue; }
    w = w || '';
    if (c === "'") { const j = line.indexOf("'", i + 1); if (j < 0) return null; w += line.slice(i + 1, j); i = j + 1; } else if (c === '"') {
      i++;
      while (i < line.length && line[i] !== '"') { if (line[i] === '\\' && '"\\$`'.includes(line[i + 1])) i++; w += line[i++]; }
      i++;
    } else if (c === '\\') { w += line[i + 1]; i += 2; } else { w += c; i++; }
  }
  if (w !== null) out.push(w);
  return out;
}

// A corpus command as the page would put it: {argv, cmd, args, files, stdin}, or null.
function asPage(line) {
  const t = words(line);
  if (!t) return null;
  let stdin = null;
  let k = 0;
  if (t[0] === 'printf') { // printf 'TEXT' | bercl ...
    const bar = t.findIndex((x) => x.op === '|');
    if (bar < 0 || t.slice(0, bar).some((x) => typeof x !== 'string')) return null;
    stdin = spawnSync('sh', ['-c', `printf ${t.slice(1, bar).map(shellWord).join(' ')}`]).stdout;
    k = bar + 1;
  }
  if (t[k] !== 'bercl') return null;
  let rest = t.slice(k + 1);
  const lt = rest.findIndex((x) => x.op === '<');
  if (lt >= 0) {
    if (stdin || typeof rest[lt + 1] !== 'string' || lt + 2 !== rest.length) return null;
    const f = path.join(corpusIn, rest[lt + 1]);
    if (!fs.existsSync(f)) return null;
    stdin = fs.readFileSync(f);
    rest = rest.slice(0, lt);
  }
  if (rest.some((x) => typeof x !== 'string')) return null;
  const [cmd, ...argv] = rest;
  if (!cmd || cmd[0] === '-') return null;
  // getopt's forms to name=value pairs, through the engine's flag table
  const args = [];
  const files = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    let name, value = null;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (eq > 0) value = a.slice(eq + 1);
    } else if (a[0] === '-' && a.length > 1) {
      const f = tables.flags.find((x) => x.letter === a[1]);
      if (!f) return null;
      name = f.name;
      if (a.length > 2) value = a.slice(2);
    } else return null;
    const f = tables.flags.find((x) => x.name === name);
    if (!f) return null;
    if (['format', 'value', 'verify', 'help', 'version'].includes(name)) { if (name === 'format' && value === null) i++; if (name !== 'format') return null; continue; }
    if (f.arg && value === null) { if (i + 1 >= argv.length) return null; value = argv[++i]; }
    if (!f.arg) value = '1';
    if (f.kind === 'file') {
      if (value === '-') { if (!stdin) return null; files[name] = { name: '(stdin)', bytes: stdin }; } else {
        const p = path.join(corpusIn, value);
        if (!value || !fs.existsSync(p) || fs.statSync(p).isDirectory()) return null;
        files[name] = { name: value, bytes: fs.readFileSync(p) };
      }
    }
    args.push([name, value]);
  }
  if (cmd === 'watch' && !files.intervals) {
    if (!stdin) return null;
    files.stdin = { name: '(stdin)', bytes: stdin };
  }
  // the command as the page's CSV: -f csv in place of any format
  const cli = [cmd, ...argv.filter((a, i) => !(a === '-f' || a === '--format' || argv[i - 1] === '-f' || argv[i - 1] === '--format' || /^(-f.|--format=)/.test(a))), '-f', 'csv'];
  return { cmd, args, files, stdin, cli };
}

let tables = null;
function nodePart() {
  const t0 = Date.now();
  let n = 0, skipped = 0;
  for (const line of fs.readFileSync(path.join(root, 'tests', 'corpus', 'commands'), 'utf8').split('\n')) {
    if (!line) continue;
    const p = asPage(line);
    if (!p) { skipped++; continue; }
    n++;
    const cli = command(p.cli, p.stdin, corpusIn);
    same('corpus', `corpus: ${line}`, cli, pageRun(p.cmd, p.args, p.files));
  }
  console.log(`  corpus: ${n} commands through the page's engine (${skipped} it cannot put: --verify, --value, --help, shell pipes)`);
  for (const q of Object.keys(GEN)) {
    for (let k = 0; k < POINTS; k++) {
      const p = GEN[q]();
      for (const key of Object.keys(p)) if (p[key] === undefined) delete p[key];
      const argv = cliArgs(q, p);
      const args = Object.entries(p).map(([key, v]) => [key, v]);
      same(q, `bercl ${argv.map(shellWord).join(' ')}`, command([...argv, '-f', 'csv']), pageRun(CMD[q], args, {}));
    }
  }
  for (const [q, p] of BAD) same(q, `refused: bercl ${cliArgs(q, p).map(shellWord).join(' ')}`, command([...cliArgs(q, p), '-f', 'csv']), pageRun(CMD[q], Object.entries(p), {}));
  // eye: each scan format and the flags that change the fit, the refused ones too
  for (const [name, args] of EYE_CASES) {
    const argv = ['eye'];
    for (const [k, v] of args) { argv.push(`--${k}`); if (k !== 'plan') argv.push(v); }
    const files = {};
    if (name) { argv.push('--input', name); files.input = { name, bytes: fs.readFileSync(path.join(examples, name)) }; }
    same('eye', `bercl ${argv.map(shellWord).join(' ')}`, command([...argv, '-f', 'csv'], null, examples),
      pageRun('eye', name ? [...args, ['input', name]] : args, files));
  }
  console.log(`  node: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

function cliArgs(q, p) {
  const a = [CMD[q]];
  for (const [k, v] of Object.entries(p)) {
    if (SWITCH.has(k)) { if (v === '1') a.push(`--${k}`); } else a.push(`--${k}`, v);
  }
  return a;
}
// ---- the browser, over the DevTools protocol on fds 3 and 4 ----
function findChromium() {
  const c = [process.env.CHROMIUM, '/usr/bin/chromium-headless-shell', '/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'];
  for (const p of c) if (p && fs.existsSync(p)) return p;
  throw new Error('no Chromium: sh tools/deps.sh --web installs chromium-headless-shell');
}

class Browser {
  constructor() {
    this.profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bercl-web-'));
    this.proc = spawn(findChromium(), ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-extensions',
      '--disable-default-apps', '--mute-audio', '--hide-scrollbars', '--font-render-hinting=none',
      `--user-data-dir=${this.profile}`, '--remote-debugging-pipe', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    this.proc.stderr.on('data', (d) => { this.stderr += d; });
    this.out = this.proc.stdio[3];
    this.in = this.proc.stdio[4];
    this.id = 0;
    this.wait = new Map();
    this.events = [];
    this.listeners = [];
    let buf = Buffer.alloc(0);
    this.in.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      let k;
      while ((k = buf.indexOf(0)) >= 0) {
        const msg = JSON.parse(buf.subarray(0, k).toString('utf8'));
        buf = buf.subarray(k + 1);
        if (msg.id !== undefined && this.wait.has(msg.id)) {
          const { ok, ko } = this.wait.get(msg.id);
          this.wait.delete(msg.id);
          if (msg.error) ko(new Error(`${msg.error.message} ${msg.error.data || ''}`)); else ok(msg.result);
        } else if (msg.method) {
          for (const l of this.listeners) l(msg);
        }
      }
    });
    this.proc.on('exit', (code) => {
      for (const { ko } of this.wait.values()) ko(new Error(`chromium exited (${code}): ${this.stderr.slice(-2000)}`));
      this.wait.clear();
    });
  }
  send(method, params = {}, sessionId) {
    const id = ++this.id;
    const msg = { id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    this.out.write(JSON.stringify(msg) + '\0');
    return new Promise((ok, ko) => this.wait.set(id, { ok, ko }));
  }
  async page() {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    const s = (m, p) => this.send(m, p, sessionId);
    await s('Page.enable');
    await s('Runtime.enable');
    await s('Network.enable');
    return { s, sessionId };
  }
  close() {
    try { this.proc.kill('SIGTERM'); } catch (e) { /* gone */ }
    fs.rmSync(this.profile, { recursive: true, force: true });
  }
}

async function evaluate(page, expr) {
  const r = await page.s('Runtime.evaluate', { expression: expr, awaitPromise: true, returnByValue: true });
  if (r.exceptionDetails) throw new Error(`page: ${r.exceptionDetails.exception ? r.exceptionDetails.exception.description : r.exceptionDetails.text}`);
  return r.result.value;
}

async function load(page, url) {
  await page.s('Page.navigate', { url });
  for (let k = 0; k < 2400; k++) { // up to a minute: a slow point on a loaded machine
    const st = await evaluate(page, 'document.body && document.body.dataset.state || ""').catch(() => '');
    if (st === 'done' || st === 'error') return st;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`page did not answer: ${url}`);
}


// ---- the static server ----
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.png': 'image/png' };
const served = [];
const server = http.createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  served.push(u.pathname);
  const f = u.pathname === '/' ? path.join(dist, 'index.html') : path.join(dist, path.normalize(decodeURIComponent(u.pathname)).replace(/^(\.\.[/\\])+/, ''));
  if (!f.startsWith(dist) || !fs.existsSync(f) || fs.statSync(f).isDirectory()) { res.writeHead(404); res.end('not found'); return; }
  res.writeHead(200, { 'Content-Type': TYPES[path.extname(f)] || 'application/octet-stream', 'Cache-Control': 'no-store' });
  fs.createReadStream(f).pipe(res);
});

async function evaluate(page, expr) {
  const r = await page.s('Runtime.evaluate', { expression: expr, awaitPromise: true, returnByValue: true });
  if (r.exceptionDetails) throw new Error(`page: ${r.exceptionDetails.exception ? r.exceptionDetails.exception.description : r.exceptionDetails.text}`);
  return r.result.value;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// the page's run over: done, error or stopped
async function settle(page, ms = 60000) {
  for (let t0 = Date.now(); Date.now() - t0 < ms;) {
    const st = await evaluate(page, 'document.body.dataset.state || ""').catch(() => '');
    if (st === 'done' || st === 'error' || st === 'stopped') return st;
    await sleep(20);
  }
  throw new Error('the page did not finish');
}
async function load(page, url) {
  await page.s('Page.navigate', { url });
  await sleep(50);
  return settle(page);
}

// In the page: fill a tab's form (each flag's field, the rest emptied) and
// press Compute; read every shown row's cells, the messages, the status.
const PAGE_HELPERS = `
window.__fill = function (q, p) {
  document.getElementById('tab-' + q).click(); /* runs the tab's own form first */
  for (const e of document.getElementById('form').elements) {
    if (!e.name) continue;
    if (e.type === 'checkbox') e.checked = p[e.name] === '1';
    else e.value = p[e.name] || '';
  }
  document.body.dataset.state = 'running';
  document.getElementById('go').click();
  return true;
};
window.__read = function () {
  const rows = [...document.querySelectorAll('#results tbody tr')].map((tr) => [...tr.children].map((td) => td.dataset.value));
  const header = [...document.querySelectorAll('#results thead th')].map((th) => th.dataset.column);
  return { state: document.body.dataset.state, status: Number(document.body.dataset.status), header, rows, count: Number(document.body.dataset.rows),
    messages: [...document.querySelectorAll('#messages li')].map((l) => l.textContent),
    message: document.getElementById('message').hidden ? '' : document.getElementById('message').textContent,
    words: document.getElementById('verdict').textContent };
};
window.__drop = function (name, text, role) {
  if (role) document.getElementById('file-role').value = role;
  const dt = new DataTransfer();
  dt.items.add(new File([text], name));
  document.body.dataset.state = 'running';
  document.getElementById('drop').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  return true;
};
window.__paste = function (name, text, role) {
  if (role) document.getElementById('file-role').value = role;
  document.getElementById('paste').value = text;
  document.getElementById('paste-name').value = name;
  document.body.dataset.state = 'running';
  document.getElementById('paste-go').click();
  return true;
};
true`;

// The page's cells against the command's CSV.
function sameCells(q, what, cli, page) {
  note(q, 'points');
  const bad = (why) => { note(q, 'failures'); failures.push(`${what}\n    ${why}`); };
  if (cli.status !== page.status) return bad(`status: command ${cli.status}, page ${page.status} (${cli.err[0] || page.message})`);
  if (JSON.stringify(cli.err) !== JSON.stringify(page.messages)) return bad(`messages: command ${JSON.stringify(cli.err.slice(0, 2))}, page ${JSON.stringify(page.messages.slice(0, 2))}`);
  const rows = parseCsv(cli.out.toString());
  const header = rows.shift() || [];
  if (JSON.stringify(header) !== JSON.stringify(page.header.length ? page.header : [])) return bad(`columns: command ${header}, page ${page.header}`);
  // the table shows the first rows (app.js: SHOWN); the page counts them all
  if (rows.length !== page.count || page.rows.length !== Math.min(rows.length, 100)) return bad(`rows: command ${rows.length}, page ${page.count} (${page.rows.length} shown)`);
  for (let i = 0; i < page.rows.length; i++) for (let j = 0; j < header.length; j++) {
    note(q, 'cells');
    if (rows[i][j] === page.rows[i][j]) continue;
    if (DEGRADE.has(header[j]) && nearCell(rows[i][j], page.rows[i][j])) { note(q, 'degrade_near'); continue; }
    return bad(`row ${i} ${header[j]}: command '${rows[i][j]}', page '${page.rows[i][j]}'`);
  }
}

// the viewport, or (tall) the page down to its plot, at most 2000 px: the
// desktop shows its form first, the answer below it
async function screenshot(page, file, width, height, mobile, tall) {
  await page.s('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile });
  await sleep(150);
  const h = tall ? Math.min(2000, await evaluate(page, "Math.ceil(document.getElementById('plot').getBoundingClientRect().bottom + 16)")) : height;
  const shot = await page.s('Page.captureScreenshot', { format: 'png', captureBeyondViewport: !!tall, clip: { x: 0, y: 0, width, height: Math.max(height, h), scale: 1 } });
  fs.writeFileSync(file, Buffer.from(shot.data, 'base64'));
}

const CORPUS_FILES = [
  // [what, cmd, args, role, file]: each dropped or pasted, its download the command's CSV
  ['batch (-i)', 'cl', [], 'input', 'results.csv'],
  ['batch with a bad row', 'cl', [], 'input', 'errs.csv'],
  ['semicolon batch', 'bits', [['cl', '95%']], 'input', 'semi.csv'],
  ['histogram, bercl CSV', 'fec', [['code', 'kp4'], ['cl', '95%']], 'histogram', 'hist.csv'],
  ['histogram, ethtool JSON', 'fec', [['code', 'kp4'], ['cl', '95%']], 'histogram', 'eth.json'],
  ['histogram, ethtool text', 'fec', [['code', 'kp4'], ['cl', '95%']], 'histogram', 'eth.txt'],
  ['histogram, SONiC', 'fec', [['code', 'kp4'], ['cl', '95%']], 'histogram', 'sonic.txt'],
  ['histogram, Xena', 'fec', [['code', 'kp4'], ['cl', '95%']], 'histogram', 'xena.txt'],
  ['interval log', 'cl', [['ber', '1e-11']], 'intervals', 'iv_burst.csv'],
  ['cumulative interval log', 'ber', [['cl', '95%'], ['two-sided', '1']], 'intervals', 'iv_cum.csv'],
  ['counter log (watch)', 'watch', [['ber', '1e-12'], ['cl', '95%']], 'stdin', 'rd.csv'],
  ['counter log with lanes (watch)', 'watch', [['ber', '1e-12'], ['cl', '95%'], ['lanes', '2']], 'stdin', 'lanes.csv'],
  ['eye scan, CSV', 'eye', [['ber', '1e-12,1e-15']], 'input', 'eye_bathtub.csv'],
  ['eye scan, IBERT export', 'eye', [], 'input', 'eye_ibert.csv'],
  ['eye scan, voltage CSV', 'eye', [['axis', 'voltage']], 'input', 'eye_voltage.csv'],
];
const TAB_OF = { cl: 'cl', bits: 'bits', ber: 'ber', fec: 'fec', watch: 'watch' };

async function pagePart() {
  for (const f of fs.readdirSync(dist)) if (!DIST_FILES.includes(f)) throw new Error(`web/dist/${f}: not a file the page loads (make web writes only ${DIST_FILES.join(', ')})`);
  const size = DIST_FILES.reduce((s, f) => s + fs.statSync(path.join(dist, f)).size, 0);
  if (size >= 500000) throw new Error(`web/dist is ${size} bytes, over 500 kB`);
  console.log(`  web/dist: ${DIST_FILES.join(', ')}: ${size} bytes`);
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = new Browser();
  try {
    const page = await browser.page();
    const requests = [];
    const consoleErrors = [];
    browser.listeners.push((m) => {
      if (m.method === 'Network.requestWillBeSent') requests.push(m.params.request.url);
      if (m.method === 'Runtime.exceptionThrown') consoleErrors.push(m.params.exceptionDetails.exception ? m.params.exceptionDetails.exception.description : m.params.exceptionDetails.text);
      if (m.method === 'Runtime.consoleAPICalled' && m.params.type === 'error') consoleErrors.push(m.params.args.map((a) => a.value || a.description).join(' '));
    });
    const t0 = Date.now();
    const read = () => evaluate(page, '__read()');
    const helpers = () => evaluate(page, PAGE_HELPERS);

    // the README's example as a link
    const readme = { errors: '0..3', ber: '1e-12', cl: '95%', rate: '25.78125G' };
    await load(page, `${base}index.html?cmd=bits&errors=0..3&ber=1e-12&cl=95%25&rate=25.78125G`);
    await helpers();
    sameCells('link', 'link: bercl bits -e 0..3 -p 1e-12 -c 95% -r 25.78125G', command([...cliArgs('bits', readme), '-f', 'csv']), await read());
    // the drift point: the engine's least whole number, 83115068219
    const drift = { errors: '17', ber: '1.5470520429205029e-11', cl: '4.27438e-15', model: 'binomial' };
    await load(page, `${base}index.html?cmd=bits&${new URLSearchParams(drift)}`);
    await helpers();
    const d = await read();
    if (!d.rows.length || d.rows[0][d.header.indexOf('bits')] !== '83115068219') throw new Error(`the drift point: ${JSON.stringify(d.rows[0])}`);
    sameCells('link', 'link: the drift point', command([...cliArgs('bits', drift), '-f', 'csv']), d);
    // links with flags the forms do not list, and a subcommand without a tab
    for (const [qs, argv] of [['cmd=cl&errors=0&bits=3T&ber=1e-12&baud=10G', ['cl', '--errors', '0', '--bits', '3T', '--ber', '1e-12', '--baud', '10G']],
      ['cmd=bits&errors=1&ber=1e-12&cl=95%25&baud=26.5625G&bits-per-symbol=2', ['bits', '--errors', '1', '--ber', '1e-12', '--cl', '95%', '--baud', '26.5625G', '--bits-per-symbol', '2']],
      ['cmd=cl&errors=0&bits=3T&ber=1e-12&nosuch=1', ['cl', '--errors', '0', '--bits', '3T', '--ber', '1e-12', '--nosuch', '1']]]) {
      await load(page, `${base}index.html?${qs}`);
      await helpers();
      const got = await read();
      const cli = command([...argv, '-f', 'csv']);
      if (cli.status >= 2) { if (got.message !== cli.err[0]) failures.push(`link ?${qs}: message '${got.message}', command '${cli.err[0]}'`); note('link', 'points'); } else sameCells('link', `link: ?${qs}`, cli, got);
    }
    // simulate in the page: the engine's own random stream, the command's table for a seed
    for (const [qs, argv] of [['cmd=simulate&errors=0&bits=3T&ber=1e-12&trials=20000&seed=42', ['simulate', '--errors', '0', '--bits', '3T', '--ber', '1e-12', '--trials', '20000', '--seed', '42']],
      ['cmd=simulate&errors=2&bits=5e12&ber=1e-12&trials=20000&seed=7&model=binomial', ['simulate', '--errors', '2', '--bits', '5e12', '--ber', '1e-12', '--trials', '20000', '--seed', '7', '--model', 'binomial']]]) {
      await load(page, `${base}index.html?${qs}`);
      await helpers();
      sameCells('link', `link: ?${qs}`, command([...argv, '-f', 'csv']), await read());
    }

    // the bare page, and every tab clicked after another question's link, open on an answer
    const bareSt = await load(page, `${base}index.html`);
    await helpers();
    const bare = await read();
    if (bareSt !== 'done' || !bare.rows.length) throw new Error(`the bare page: ${bareSt} ${bare.message}`);
    // the bare eye tab: the worked example (docs/examples/eye_bathtub.csv), the command's rows, the bathtub drawn
    {
      const st = await load(page, `${base}index.html?cmd=eye`);
      await helpers();
      const got = await read();
      if (st !== 'done' || !got.rows.length) throw new Error(`?cmd=eye: ${st} ${got.message}`);
      sameCells('eye', '?cmd=eye: bercl eye -i docs/examples/eye_bathtub.csv', command(['eye', '-i', 'eye_bathtub.csv', '-f', 'csv'], null, examples), got);
      const drawn = await evaluate(page, "[document.querySelectorAll('#plot circle.pt').length, document.querySelectorAll('#plot path.curve').length, document.querySelectorAll('#plot rect.band').length, document.querySelectorAll('#plot line.opening').length].join(' ')");
      const npts = fs.readFileSync(path.join(examples, 'eye_bathtub.csv'), 'utf8').split('\n').filter((l) => /^[0-9]/.test(l)).length;
      if (drawn !== `${npts} 2 2 1`) failures.push(`?cmd=eye: the bathtub drew (points, curves, band ends, openings) ${drawn}, not ${npts} 2 2 1`);
      console.log(`  ?cmd=eye opens on the worked example: '${got.words}'; drawn ${drawn} (points, fitted tails, band ends, openings)`);
    }
    const tabNames = await evaluate(page, "[...document.querySelectorAll('#tabs [role=tab]')].map((b) => b.dataset.q)");
    for (const t of tabNames) {
      await load(page, `${base}index.html?cmd=cl&errors=1&bits=3T&ber=1e-12`);
      await evaluate(page, `(() => { const b = document.getElementById('tab-${t}');
        if (b.getAttribute('aria-selected') !== 'true') { document.body.dataset.state = 'running'; b.click(); } })()`);
      const st = await settle(page);
      await helpers();
      const got = await read();
      if (st !== 'done' || !got.rows.length) throw new Error(`tab ${t} after a cl link: ${st} ${got.message}`);
    }
    console.log(`  the bare page and ${tabNames.length} tabs (${tabNames.join(', ')}) open on an answer`);

    // random points typed into the forms
    const formPoints = Math.max(3, Math.round(POINTS / 10));
    await load(page, `${base}index.html`);
    await helpers();
    for (const q of Object.keys(GEN)) {
      for (let k = 0; k < formPoints; k++) {
        const p = GEN[q]();
        for (const key of Object.keys(p)) if (p[key] === undefined) delete p[key];
        // a flag under "more flags" is filled there; the form holds every flag of the subcommand
        await evaluate(page, `__fill(${JSON.stringify(q)}, ${JSON.stringify(p)})`);
        await settle(page);
        sameCells(`form:${q}`, `form: bercl ${cliArgs(q, p).map(shellWord).join(' ')}`, command([...cliArgs(q, p), '-f', 'csv']), await read());
      }
    }
    for (const [q, p] of BAD) {
      await evaluate(page, `__fill(${JSON.stringify(q)}, ${JSON.stringify(p)})`);
      await settle(page);
      sameCells('form:refused', `refused: bercl ${cliArgs(q, p).map(shellWord).join(' ')}`, command([...cliArgs(q, p), '-f', 'csv']), await read());
    }

    // files dropped or pasted; the download is the command's CSV
    const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'bercl-web-dl-'));
    await browser.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    let k = 0;
    for (const [what, cmd, args, role, name] of CORPUS_FILES) {
      const qs = new URLSearchParams([['cmd', cmd], ...args]);
      await load(page, `${base}index.html?${qs}`);
      await helpers();
      const dir = fs.existsSync(path.join(corpusIn, name)) ? corpusIn : examples; // eye scans: docs/examples
      const text = fs.readFileSync(path.join(dir, name), 'latin1');
      const how = k++ % 2 ? '__paste' : '__drop';
      await evaluate(page, `${how}(${JSON.stringify(name)}, ${JSON.stringify(text)}, ${JSON.stringify(role)})`);
      await settle(page);
      const argv = [cmd];
      for (const [a, v] of args) { argv.push(`--${a}`); if (!['two-sided'].includes(a)) argv.push(v); }
      if (role !== 'stdin') argv.push(`--${role}`, name);
      const cli = command([...argv, '-f', 'csv'], role === 'stdin' ? fs.readFileSync(path.join(dir, name)) : null, dir);
      const got = await read();
      sameCells('files', `${how.slice(2)} ${what}: bercl ${argv.join(' ')}${role === 'stdin' ? ` < ${name}` : ''}`, cli, got);
      // the download
      for (const f of fs.readdirSync(downloads)) fs.unlinkSync(path.join(downloads, f));
      await evaluate(page, "document.getElementById('download').click()");
      let file = null;
      for (let i = 0; i < 200 && !file; i++) { await sleep(25); file = fs.readdirSync(downloads).find((f) => f.endsWith('.csv')); }
      note('download', 'points');
      if (!file) { note('download', 'failures'); failures.push(`${what}: no download`); continue; }
      await sleep(50);
      const bytes = fs.readFileSync(path.join(downloads, file));
      if (!bytes.equals(cli.out)) { note('download', 'failures'); failures.push(`${what}: the download differs from bercl ${argv.join(' ')} -f csv`); } else note('download', 'bytes', bytes.length);
    }

    // a 1e5-row batch: the page answers input while it runs, and Stop ends it
    const big = ['errors,bits,ber', ...Array.from({ length: 100000 }, (_, i) => `${i % 7},${1 + (i % 97)}e12,1e-12`)].join('\n');
    await load(page, `${base}index.html?cmd=cl`);
    await helpers();
    await evaluate(page, `__drop('big.csv', ${JSON.stringify(big)}, 'input')`);
    await evaluate(page, "document.getElementById('paste-name').focus()");
    const lat = [];
    for (let i = 0; i < 200; i++) {
      const st = await evaluate(page, 'document.body.dataset.state');
      if (st !== 'running') break;
      const ta = Date.now();
      await page.s('Input.insertText', { text: 'x' });
      await evaluate(page, "document.getElementById('paste-name').value.length");
      lat.push(Date.now() - ta);
      await sleep(20);
    }
    await settle(page, 300000);
    const bigRows = await evaluate(page, 'document.body.dataset.rows');
    if (bigRows !== '100000') failures.push(`1e5-row batch: ${bigRows} rows`);
    {
      // its download: the command's CSV of the same file
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bercl-web-big-'));
      fs.writeFileSync(path.join(dir, 'big.csv'), big);
      const cli = command(['cl', '-i', 'big.csv', '-f', 'csv'], null, dir);
      fs.rmSync(dir, { recursive: true, force: true });
      for (const f of fs.readdirSync(downloads)) fs.unlinkSync(path.join(downloads, f));
      await evaluate(page, "document.getElementById('download').click()");
      let got = null;
      for (let i = 0; i < 400 && !got; i++) { await sleep(25); got = fs.readdirSync(downloads).find((f) => f.endsWith('.csv')); }
      await sleep(200);
      note('download', 'points');
      const bytes = got ? fs.readFileSync(path.join(downloads, got)) : Buffer.alloc(0);
      if (!bytes.equals(cli.out)) { note('download', 'failures'); failures.push(`1e5-row batch: the download (${bytes.length} bytes) differs from bercl cl -i big.csv -f csv (${cli.out.length})`); } else note('download', 'bytes', bytes.length);
    }
    // again, and Stop
    await evaluate(page, `__drop('big.csv', ${JSON.stringify(big)}, 'input')`);
    await sleep(300);
    const rowsBefore = Number(await evaluate(page, "document.querySelectorAll('#results tbody tr').length"));
    const ts = Date.now();
    await evaluate(page, "document.getElementById('stop').click()");
    const stSt = await settle(page, 5000);
    const stopMs = Date.now() - ts;
    const status = await evaluate(page, "document.getElementById('status').textContent");
    const worst = Math.max(...lat);
    const sorted = [...lat].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const loadavg = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(`  1e5-row batch: ${lat.length} typed inputs while it ran, answered in median ${median} ms, worst ${worst} ms `
      + `(load average ${loadavg} on ${os.cpus().length} cores)${process.env.WEB_LAT ? ` [${lat.join(' ')}]` : ''}; Stop: ${stSt} in ${stopMs} ms (${status})`);
    // The bar (issue 41: every input answered within a tenth of a second) is a speed
    // target: it is measured and printed here, with the load, and judged
    // on an idle machine (WEB_LATENCY_BAR=100 makes this run hold it). On a
    // shared machine the check fails only where the page is blocked: an
    // input waiting a second for the batch.
    const bar = Number(process.env.WEB_LATENCY_BAR || 1000);
    const late = lat.filter((v) => v > 100);
    console.log(`  1e5-row batch: ${late.length} of ${lat.length} typed inputs after 100 ms${late.length ? ` (${late.join(', ')} ms)` : ''}`);
    if (!lat.length || worst > bar) failures.push(`1e5-row batch: a typed input answered after ${worst} ms (bar ${bar} ms; median ${median}; load average ${loadavg})`);
    if (stSt !== 'stopped' || !/^stopped after [0-9]+ rows/.test(status) || Number(status.split(' ')[2]) >= 100000) failures.push(`1e5-row batch: Stop gave ${stSt} (${status})`);
    // and run to its end: the command's rows
    await evaluate(page, `__drop('big.csv', ${JSON.stringify(big.split('\n').slice(0, 20001).join('\n'))}, 'input')`);
    const tb = Date.now();
    await settle(page, 120000);
    const ran = await evaluate(page, 'document.body.dataset.rows');
    console.log(`  a 20000-row batch: ${ran} rows in ${((Date.now() - tb) / 1000).toFixed(1)} s`);

    fs.rmSync(downloads, { recursive: true, force: true });
    const outside = requests.filter((u) => !u.startsWith(base) && !u.startsWith('blob:') && !u.startsWith('data:'));
    if (outside.length) throw new Error(`requests outside the page's server: ${outside.slice(0, 5).join(' ')}`);
    const other = [...new Set(served)].filter((p) => !['/index.html', '/app.js', '/worker.js', '/bercl-wasm.js'].includes(p));
    if (other.length) throw new Error(`the page asked for ${other.join(' ')}`);

    // the keyboard alone
    await load(page, `${base}index.html?cmd=bits&errors=0&ber=1e-12&cl=95%25`);
    const key = async (kk, code, vk) => { for (const type of ['rawKeyDown', 'keyUp']) await page.s('Input.dispatchKeyEvent', { type, key: kk, code, windowsVirtualKeyCode: vk }); };
    await evaluate(page, "document.getElementById('tab-bits').focus()");
    await key('ArrowRight', 'ArrowRight', 39);
    const tab = await evaluate(page, "document.activeElement.id + ' ' + document.activeElement.getAttribute('aria-selected')");
    if (tab !== 'tab-ber true') throw new Error(`keyboard: ArrowRight from the bits tab gave ${tab}`);
    await key('ArrowLeft', 'ArrowLeft', 37);
    await settle(page);
    await evaluate(page, "document.getElementById('f-errors').focus(); document.getElementById('f-errors').select()");
    await page.s('Input.insertText', { text: '0..2' });
    await key('Enter', 'Enter', 13);
    await sleep(100);
    await settle(page);
    const kb = await evaluate(page, "document.querySelectorAll('#results tbody tr').length + ' ' + location.search");
    if (!kb.startsWith('3 ') || !kb.includes('errors=0..2')) throw new Error(`keyboard: typing 0..2 and Enter gave ${kb}`);
    console.log(`  keyboard: arrows move between tabs; typed 0..2 and Enter: ${kb}`);
    const unlabelled = await evaluate(page, `(() => { const bad = [];
      for (const t of document.querySelectorAll('#tabs [role=tab]')) { t.click();
        for (const e of document.querySelectorAll('main input, main select, main textarea'))
          if (!e.labels || !e.labels.length || !e.labels[0].textContent.trim()) bad.push(t.dataset.q + ':' + (e.name || e.id)); }
      return bad; })()`);
    if (unlabelled.length) throw new Error(`controls without a label: ${unlabelled.join(' ')}`);
    await settle(page);
    const kept = await evaluate(page, "document.cookie + '|' + localStorage.length + '|' + sessionStorage.length");
    if (kept !== '|0|0') throw new Error(`the page keeps state: ${kept}`);

    // from a local folder, the network off
    await page.s('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await load(page, `file://${path.join(dist, 'index.html')}?cmd=bits&errors=0..3&ber=1e-12&cl=95%&rate=25.78125G`);
    await helpers();
    sameCells('file://', 'file:// offline: bercl bits -e 0..3 -p 1e-12 -c 95% -r 25.78125G', command([...cliArgs('bits', readme), '-f', 'csv']), await read());
    await page.s('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // screenshots of every tab at desktop and phone width; the phone's answer above the fold
    fs.mkdirSync(shots, { recursive: true });
    const folds = [];
    for (const t of tabNames) {
      for (const [dev, w, h, mob] of [['desktop', 1280, 800, false], ['phone', 390, 844, true]]) {
        await page.s('Emulation.setDeviceMetricsOverride', { width: w, height: h, deviceScaleFactor: 1, mobile: mob });
        await load(page, `${base}index.html`);
        await evaluate(page, `(() => { const b = document.getElementById('tab-${t}');
          if (b.getAttribute('aria-selected') !== 'true') { document.body.dataset.state = 'running'; b.click(); } })()`);
        await settle(page);
        await sleep(300);
        await screenshot(page, path.join(shots, `${t}-${dev}.png`), w, h, mob, dev === 'desktop');
        if (dev === 'phone') {
          const bottom = await evaluate(page, "(() => { const r = document.querySelector('#results tbody tr'); return r ? Math.round(r.getBoundingClientRect().bottom) : -1; })()");
          folds.push(`${t} ${bottom}`);
          if (bottom < 0 || bottom > h) failures.push(`phone: tab ${t}'s first result row ends at ${bottom} px, below the fold (${h})`);
        }
      }
    }
    await page.s('Emulation.clearDeviceMetricsOverride');
    console.log(`  screenshots in tests/tmp/web-shots/; at 390 x 844 the first row ends at (px): ${folds.join(', ')}`);
    if (consoleErrors.length) throw new Error(`errors in the page: ${consoleErrors.slice(0, 5).join(' | ')}`);
    console.log(`  browser: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    browser.close();
    server.close();
  }
}

async function main() {
  for (const f of DIST_FILES) if (!fs.existsSync(path.join(dist, f))) throw new Error(`web/dist/${f} missing: make web`);
  if (!fs.existsSync(bercl)) throw new Error('./bercl missing: make');
  const t0 = Date.now();
  engine = berclWorker(null);
  await engine.load(fs.readFileSync(path.join(root, 'web', 'tmp', 'bercl.wasm')));
  tables = engine.tables();
  console.log(`web check: seed ${SEED}, ${POINTS} points per question`);
  nodePart();
  if (!process.env.WEB_NODE_ONLY) await pagePart();
  let fails = 0;
  for (const [q, s] of Object.entries(stats)) {
    fails += s.failures || 0;
    console.log(`  ${q.padEnd(13)} ${String(s.points).padStart(4)} points (${s.refused || 0} refused), ${s.cells ? `${s.cells} cells` : `${s.lines || 0} rows, ${s.bytes || 0} bytes`} identical, ${s.failures || 0} failures${s.degrade_near ? `; ${s.degrade_near} rows whose degrade_p or degrade_mean_time differ below 1e-9 relative (lib/fec_degrade.c's long double: x87 here, quad in wasm)` : ''}`);
  }
  const other = failures.length - fails;
  for (const f of failures.slice(0, 25)) console.log(`FAIL ${f}`);
  const ok = failures.length === 0;
  console.log(`web check ${ok ? 'passed' : `FAILED (${failures.length}; WEB_SEED=${SEED} repeats it)`} in ${((Date.now() - t0) / 1000).toFixed(1)} s${other ? '' : ''}`);
  process.exit(ok ? 0 : 1);
}

main().catch((e) => { console.error(`web check: ${e.stack || e}`); process.exit(1); });
