// SPDX-License-Identifier: GPL-3.0-or-later
// make check-web: the built page (web/dist) in headless Chromium, driven over
// the DevTools protocol on a pipe (--remote-debugging-pipe: no WebSocket, no
// npm package), served by a static server in this process on 127.0.0.1.
// Random points of every question are filled into the forms (and some are
// loaded as query URLs, some from file://); every cell's data-value is
// compared with `./bercl ... -f csv`, every refused input's message with the
// command's. Screenshots of each question at desktop and phone width go to
// web/dist/screenshots/. Seeded: WEB_SEED=S repeats a run, WEB_POINTS=N
// points per question (default 300).
'use strict';
const fs = require('fs');
const path = require('path');
const http = require('http');
const os = require('os');
const { spawn, spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'web', 'dist');
const bercl = path.join(root, 'bercl');
const SEED = Number(process.env.WEB_SEED || Math.floor(Date.now() / 1000) % 1000000);
const POINTS = Number(process.env.WEB_POINTS || 300);

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
    if (chance(0.5)) p.rate = rateText();
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
    const mode = pick(['ber', 'ber', 'cer', 'test', 'counts']);
    if (mode === 'ber') p.ber = chance(0.8) ? ber(2, 9) : `${ber(3, 5)},${ber(6, 9)}`;
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
const CMD = { cl: 'cl', bits: 'bits', ber: 'ber', errors: 'errors', plan: 'plan', fec: 'fec', lanes: 'cl' };
const SWITCH = new Set(['two-sided', 'sequential', 'all-lanes']);

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

function cliArgs(q, p) {
  const a = [CMD[q]];
  for (const [k, v] of Object.entries(p)) {
    if (SWITCH.has(k)) { if (v === '1') a.push(`--${k}`); } else a.push(`--${k}`, v);
  }
  return a;
}

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

function runCli(q, p) {
  const r = spawnSync(bercl, [...cliArgs(q, p), '-f', 'csv'], { encoding: 'utf8' });
  const rows = parseCsv(r.stdout);
  const header = rows.shift() || [];
  return { status: r.status, header, rows: rows.map((x) => Object.fromEntries(header.map((h, j) => [h, x[j]]))), stderr: r.stderr };
}

// ---- the static server ----
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm', '.png': 'image/png' };
const served = [];
const server = http.createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  served.push(u.pathname);
  const file = path.join(dist, path.normalize(decodeURIComponent(u.pathname)).replace(/^(\.\.[/\\])+/, ''));
  const f = u.pathname === '/' ? path.join(dist, 'index.html') : file;
  if (!f.startsWith(dist) || !fs.existsSync(f) || fs.statSync(f).isDirectory()) { res.writeHead(404); res.end('not found'); return; }
  res.writeHead(200, { 'Content-Type': TYPES[path.extname(f)] || 'application/octet-stream', 'Cache-Control': 'no-store' });
  fs.createReadStream(f).pipe(res);
});

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

// In the page: fill a question's form (select its tab, type each value, press
// Compute) and read every result cell, or the refusal.
const PAGE_HELPERS = `
window.__fill = function (q, p) {
  document.getElementById('tab-' + q).click();
  for (const e of document.getElementById('form').elements) {
    if (!e.name) continue;
    if (e.type === 'checkbox') e.checked = p[e.name] === '1';
    else if (e.tagName === 'SELECT') e.value = p[e.name] || 'poisson';
    else e.value = p[e.name] || '';
  }
  document.getElementById('go').click();
  return window.__read();
};
window.__read = function () {
  const state = document.body.dataset.state;
  const msg = document.getElementById('message');
  const fieldErr = [...document.querySelectorAll('.err')].filter((e) => e.textContent).map((e) => e.id.replace(/^f-|-err$/g, ''));
  const rows = [];
  let summary = null;
  for (const tr of document.querySelectorAll('#results tr[data-row]')) {
    const cells = {};
    for (const td of tr.querySelectorAll('td')) cells[td.dataset.column] = td.dataset.value;
    const id = tr.dataset.row;
    if (id.startsWith('summary-')) { summary = cells; continue; }
    rows[Number(id)] = Object.assign({}, summary || {}, cells);
  }
  return { state, ms: document.body.dataset.ms, message: msg.hidden ? '' : msg.textContent, fieldErr, rows,
    notes: [...document.querySelectorAll('#results .note')].map((n) => n.textContent) };
};
true`;

// ---- comparing ----
// Every cell must be the same string as the command's. The page computes
// with the command's own code: the library with its wide type in software
// where the native x86-64 program uses the x87 long double (BERCL_WIDE_X87,
// lib/x87soft.h), and the library's own exp, log, log1p, expm1, log10 and
// 10^y (lib/xmath.c) in both, not the C libraries' (glibc and musl differ
// in the last bit). A number that differs is reported with its distance in
// units in the last place, which says where to look.
function asNumber(s) {
  const m = /^(-?[0-9.]+(?:e[-+]?[0-9]+)?)e(-?[0-9]+)$/.exec(s); // m e x below the double range
  if (m && /e.*e/.test(s)) return { m: Number(m[1]), e: Number(m[2]) };
  if (/^-?[0-9.]+(e[-+]?[0-9]+)?$/.test(s)) { const v = Number(s); return { m: v, e: 0 }; }
  return null;
}
function ulps(a, b) {
  if (a === b) return 0;
  const buf = new DataView(new ArrayBuffer(16));
  buf.setFloat64(0, a); buf.setFloat64(8, b);
  if (Math.sign(a) !== Math.sign(b)) return Infinity;
  return Math.abs(Number(buf.getBigInt64(0) - buf.getBigInt64(8)));
}
function close(cs, ps) {
  const x = asNumber(cs), y = asNumber(ps);
  if (!x || !y) return null;
  if (x.e === 0 && y.e === 0) return ulps(x.m, y.m);
  // from logarithms: the same decade, the mantissas within a few ulps (or 9.99.. vs 1.00..)
  if (x.e === y.e) return ulps(x.m, y.m);
  const vx = Math.log10(Math.abs(x.m)) + x.e, vy = Math.log10(Math.abs(y.m)) + y.e;
  return Math.abs(vx - vy) < 1e-14 ? 1 : null;
}

const stats = {};
const failures = [];
function note(q, key, n = 1) { stats[q] = stats[q] || {}; stats[q][key] = (stats[q][key] || 0) + n; }

function compare(q, p, page, how) {
  const c0 = Date.now();
  const cli = runCli(q, p);
  note(q, 'cli_ms', Date.now() - c0);
  const what = `${how} bercl ${cliArgs(q, p).map((a) => (/^[\w.%:,/+-]+$/.test(a) ? a : `'${a}'`)).join(' ')}`;
  note(q, 'points');
  if (p.model === 'binomial') note(q, 'binomial');
  const bad = (why) => { note(q, 'failures'); failures.push(`${what}\n    ${why}`); };
  if (cli.status !== 0 && cli.status !== 1 && cli.rows.length === 0) {
    // refused (status 2), or the command's own failure (status 3): the same message
    const want = cli.stderr.split('\n').filter((l) => l && !/warning:/.test(l))[0] || '';
    note(q, cli.status === 3 ? 'status3' : 'refused');
    if (cli.status === 3 && (stats[q].status3_examples || []).length < 2)
      (stats[q].status3_examples = stats[q].status3_examples || []).push(`bercl ${cliArgs(q, p).join(' ')}: ${want}`);
    if (page.state !== 'error') return bad(`the command refuses (${want}); the page answered`);
    if (page.message !== want) return bad(`message: command '${want}', page '${page.message}'`);
    return;
  }
  if (page.state !== 'done') return bad(`the page refused (${page.message}); the command answered (status ${cli.status})`);
  if (page.rows.length !== cli.rows.length) return bad(`rows: command ${cli.rows.length}, page ${page.rows.length}`);
  // the reasons of failed rows in a sweep, as the command prints them
  const cliNotes = cli.stderr.split('\n').filter((l) => l);
  if (JSON.stringify(cliNotes) !== JSON.stringify(page.notes.filter((n) => !/first [0-9]+ rows/.test(n))))
    return bad(`row messages: command ${JSON.stringify(cliNotes)}, page ${JSON.stringify(page.notes)}`);
  for (let i = 0; i < cli.rows.length; i++) {
    const cr = cli.rows[i], pr = page.rows[i] || {};
    const cols = cli.header;
    const pcols = Object.keys(pr);
    if (cols.length !== pcols.length || cols.some((c) => !(c in pr)))
      return bad(`columns: command ${cols.join(',')}, page ${pcols.join(',')}`);
    for (const c of cols) {
      note(q, 'cells');
      if (cr[c] === pr[c]) continue;
      const u = close(cr[c], pr[c]);
      if (u !== null) return bad(`row ${i} ${c}: command '${cr[c]}', page '${pr[c]}' (${u} ulp apart)`);
      return bad(`row ${i} ${c}: command '${cr[c]}', page '${pr[c]}'`);
    }
  }
}

async function screenshot(page, file, width, height, mobile) {
  await page.s('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile });
  await new Promise((r) => setTimeout(r, 100));
  const m = await page.s('Page.getLayoutMetrics');
  const h = Math.min(Math.ceil(m.cssContentSize ? m.cssContentSize.height : m.contentSize.height), 4000);
  const shot = await page.s('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true,
    clip: { x: 0, y: 0, width, height: Math.max(h, height), scale: 1 } });
  fs.writeFileSync(file, Buffer.from(shot.data, 'base64'));
}

async function main() {
  for (const f of ['index.html', 'app.js', 'bercl-wasm.js']) if (!fs.existsSync(path.join(dist, f))) throw new Error(`web/dist/${f} missing: make web`);
  if (!fs.existsSync(bercl)) throw new Error('./bercl missing: make');
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}/`;
  console.log(`web check: seed ${SEED}, ${POINTS} points per question, ${base}`);
  const browser = new Browser();
  const t0 = Date.now();
  let ok = false;
  try {
    const page = await browser.page();
    const requests = [];
    browser.listeners.push((m) => { if (m.method === 'Network.requestWillBeSent') requests.push(m.params.request.url); });
    const consoleErrors = [];
    browser.listeners.push((m) => {
      if (m.method === 'Runtime.exceptionThrown') consoleErrors.push(m.params.exceptionDetails.exception ? m.params.exceptionDetails.exception.description : m.params.exceptionDetails.text);
      if (m.method === 'Runtime.consoleAPICalled' && m.params.type === 'error') consoleErrors.push(m.params.args.map((a) => a.value || a.description).join(' '));
    });

    // 1. the example link of docs/page.md (the README's until it moved): four rows, the command's values
    const readme = { errors: '0..3', ber: '1e-12', cl: '95%', rate: '25.78125G' };
    const st = await load(page, `${base}index.html?cmd=bits&errors=0..3&ber=1e-12&cl=95%25&rate=25.78125G`);
    await evaluate(page, PAGE_HELPERS);
    const got = await evaluate(page, '__read()');
    if (st !== 'done' || got.rows.length !== 4) throw new Error(`the README's bits example: ${st}, ${got.rows.length} rows`);
    compare('bits', readme, got, 'link:');
    const texts = await evaluate(page, "[...document.querySelectorAll('#results td[data-column=time_s]')].map((t) => t.textContent)");
    console.log(`  README link: 4 rows, test times ${texts.join(', ')}`);

    // the least whole number where the page's old doubling search took 8,191
    // bits too many: now the engine's search, the command's 83115068219
    const drift = { errors: '17', ber: '1.5470520429205029e-11', cl: '4.27438e-15', model: 'binomial' };
    const st2 = await load(page, `${base}index.html?cmd=bits&${new URLSearchParams(drift)}`);
    await evaluate(page, PAGE_HELPERS);
    const got2 = await evaluate(page, '__read()');
    if (st2 !== 'done' || got2.rows.length !== 1 || got2.rows[0].bits !== '83115068219')
      throw new Error(`bits at the drift point: ${st2}, ${JSON.stringify(got2.rows[0])}`);
    compare('bits', drift, got2, 'link:');
    console.log('  drift point: 83115068219 bits, as the command');

    // the bare page, and every tab clicked after another question's link,
    // open on a worked example and its answer, never on an error
    const stBare = await load(page, `${base}index.html`);
    await evaluate(page, PAGE_HELPERS);
    const bare = await evaluate(page, '__read()');
    if (stBare !== 'done' || !bare.rows.length) throw new Error(`the bare page: ${stBare}, ${JSON.stringify(bare.message || '')}`);
    const tabNames = await evaluate(page, "[...document.querySelectorAll('#tabs [role=tab]')].map((b) => b.dataset.q)");
    for (const t of tabNames) {
      await load(page, `${base}index.html?cmd=cl&errors=1&bits=3T&ber=1e-12`);
      await evaluate(page, PAGE_HELPERS);
      await evaluate(page, `document.getElementById('tab-${t}').click()`);
      let st = '';
      for (let k = 0; k < 400 && st !== 'done' && st !== 'error'; k++) {
        st = await evaluate(page, 'document.body.dataset.state || ""');
        if (st !== 'done' && st !== 'error') await new Promise((r) => setTimeout(r, 25));
      }
      const got = await evaluate(page, '__read()');
      if (st !== 'done' || !(got.rows.length || got.summary)) throw new Error(`tab ${t} after a cl link: ${st}, ${JSON.stringify(got.message || '')}`);
    }
    console.log(`  the bare page and ${tabNames.length} tabs open on an answer`);
    const before = requests.length;

    // 2. random points by the form, some by link and from file://
    const rng0 = Date.now();
    for (const q of Object.keys(GEN)) {
      for (let k = 0; k < POINTS; k++) {
        const p = GEN[q]();
        for (const key of Object.keys(p)) if (p[key] === undefined) delete p[key];
        let res;
        let how = 'form:';
        const p0 = Date.now();
        if (k % 25 === 24) {
          const qs = new URLSearchParams({ cmd: CMD[q], ...p }).toString();
          await load(page, `${base}index.html?${qs}`);
          await evaluate(page, PAGE_HELPERS);
          res = await evaluate(page, '__read()');
          how = 'link:';
        } else {
          res = await evaluate(page, `__fill(${JSON.stringify(q)}, ${JSON.stringify(p)})`);
        }
        const ms = Date.now() - p0;
        note(q, 'page_ms', ms);
        if (process.env.WEB_SLOW && ms > Number(process.env.WEB_SLOW)) console.log(`  slow ${ms} ms (answer, table, plot: ${res.ms}): ${q} ${JSON.stringify(p)}`);
        compare(q, p, res, how);
      }
    }
    for (const [q, p] of BAD) {
      const res = await evaluate(page, `__fill(${JSON.stringify(q)}, ${JSON.stringify(p)})`);
      compare(q, p, res, 'refused:');
      if (res.state === 'error' && !res.fieldErr.length) { /* a message not tied to one field */ }
    }
    const linkLoads = requests.slice(before).filter((u) => !u.startsWith(base));
    if (linkLoads.length) throw new Error(`requests outside the page's server: ${linkLoads.slice(0, 5).join(' ')}`);
    const afterLoad = requests.slice(before).filter((u) => !/\/index\.html\?|\/app\.js$|\/bercl-wasm\.js$/.test(u));
    if (afterLoad.length) throw new Error(`requests after load: ${afterLoad.slice(0, 5).join(' ')}`);
    const seconds = (Date.now() - rng0) / 1000;

    // the keyboard alone: arrows between the tabs, type into a field, Enter
    await load(page, `${base}index.html?cmd=bits&errors=0&ber=1e-12&cl=95%25`);
    const key = async (k, code, vk) => {
      for (const type of ['rawKeyDown', 'keyUp']) await page.s('Input.dispatchKeyEvent', { type, key: k, code, windowsVirtualKeyCode: vk });
    };
    await evaluate(page, "document.getElementById('tab-bits').focus()");
    await key('ArrowRight', 'ArrowRight', 39);
    const tab = await evaluate(page, "document.activeElement.id + ' ' + document.activeElement.getAttribute('aria-selected')");
    if (tab !== 'tab-ber true') throw new Error(`keyboard: ArrowRight from the bits tab gave ${tab}`);
    await key('ArrowLeft', 'ArrowLeft', 37);
    await evaluate(page, "document.getElementById('f-errors').focus(); document.getElementById('f-errors').select()");
    await page.s('Input.insertText', { text: '0..2' });
    await key('Enter', 'Enter', 13);
    const kb = await evaluate(page, "document.querySelectorAll('#results tbody tr').length + ' ' + location.search");
    if (!kb.startsWith('3 ') || !kb.includes('errors=0..2')) throw new Error(`keyboard: typing 0..2 and Enter gave ${kb}`);
    console.log(`  keyboard: arrows move between tabs; typed 0..2 and Enter: ${kb}`);

    // every control labelled, on every question; no cookie, nothing stored
    const unlabelled = await evaluate(page, `(() => { const bad = [];
      for (const t of document.querySelectorAll('#tabs [role=tab]')) { t.click();
        for (const e of document.querySelectorAll('#form input, #form select, #results input'))
          if (!e.labels || !e.labels.length || !e.labels[0].textContent.trim()) bad.push(t.dataset.q + ':' + (e.name || e.id)); }
      return bad; })()`);
    if (unlabelled.length) throw new Error(`controls without a label: ${unlabelled.join(' ')}`);
    const kept = await evaluate(page, "document.cookie + '|' + localStorage.length + '|' + sessionStorage.length");
    if (kept !== '|0|0') throw new Error(`the page keeps state: cookie|localStorage|sessionStorage = ${kept}`);

    // links the page cannot answer in full: said so, not answered as another question
    for (const [qs, want] of [['cmd=simulate&errors=0&bits=3T&ber=1e-12', "'simulate' is for the command"],
      ['cmd=cl&errors=0&bits=3T&ber=1e-12&baud=10G', '--baud: not in the page']]) {
      await load(page, `${base}index.html?${qs}`);
      const m = await evaluate(page, "document.getElementById('message').textContent");
      if (!m.includes(want)) throw new Error(`link ?${qs}: message '${m}', wanted '${want}'`);
    }

    // 3. from a local folder, with the network switched off
    await page.s('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // the issue's link as typed, '95%' not encoded
    const fileUrl = `file://${path.join(dist, 'index.html')}?cmd=bits&errors=0..3&ber=1e-12&cl=95%&rate=25.78125G`;
    const fst = await load(page, fileUrl);
    await evaluate(page, PAGE_HELPERS);
    const fr = await evaluate(page, '__read()');
    if (fst !== 'done' || fr.rows.length !== 4) throw new Error(`file:// offline: ${fst} ${fr.message}`);
    compare('bits', readme, fr, 'file:// offline:');
    console.log(`  file:// with the network off: 4 rows, bits ${fr.rows.map((r) => r.bits).join(', ')}`);
    await page.s('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // 4. screenshots of every question, desktop and phone width
    const shots = path.join(dist, 'screenshots');
    fs.mkdirSync(shots, { recursive: true });
    const examples = {
      cl: 'cmd=cl&errors=0..2&bits=3T&ber=1e-12&require=95%25',
      bits: 'cmd=bits&errors=0..3&ber=1e-12&cl=95%25&rate=25.78125G',
      ber: 'cmd=ber&errors=7&bits=1000&cl=95%25&two-sided=1&model=binomial',
      errors: 'cmd=errors&bits=1e15&ber=1e-12&cl=95%25',
      plan: 'cmd=plan&ber=1e-12&cl=95%25&alpha=5%25&ratio=2&sequential=1&rate=100G',
      fec: 'cmd=fec&code=kp4&ber=2.4e-4,1e-4,1e-5',
      lanes: 'cmd=cl&lane-errors=0,1,0,0,2,0,0,0&time=1min&rate=53.125G&ber=1e-12',
      error: 'cmd=cl&errors=0&bits=3Q&ber=1e-12',
    };
    for (const [name, qs] of Object.entries(examples)) {
      for (const [dev, w, h, mob] of [['desktop', 1280, 800, false], ['phone', 390, 844, true]]) {
        await page.s('Emulation.setDeviceMetricsOverride', { width: w, height: h, deviceScaleFactor: 1, mobile: mob });
        await load(page, `${base}index.html?${qs}`);
        await screenshot(page, path.join(shots, `${name}-${dev}.png`), w, h, mob);
      }
    }
    // the figure of docs/page.md (docs/web.png is a copy of it)
    await page.s('Emulation.setDeviceMetricsOverride', { width: 900, height: 700, deviceScaleFactor: 1, mobile: false });
    await load(page, `${base}index.html?${examples.bits}`);
    await screenshot(page, path.join(shots, 'readme.png'), 900, 700, false);
    await page.s('Emulation.clearDeviceMetricsOverride');
    if (consoleErrors.length) throw new Error(`errors in the page: ${consoleErrors.slice(0, 5).join(' | ')}`);

    // the report
    let total = 0, cells = 0, fails = 0;
    for (const [q, s] of Object.entries(stats)) {
      total += s.points; cells += s.cells || 0; fails += s.failures || 0;
      console.log(`  ${q.padEnd(7)} ${String(s.points).padStart(4)} points (${s.binomial || 0} binomial, ${s.refused || 0} refused), `
        + `${s.cells || 0} cells identical, ${s.failures || 0} failures`
        + `${s.status3 ? `; ${s.status3} the command itself fails with status 3 (${s.status3_examples.join('; ')}), the page says the same` : ''}; page ${((s.page_ms || 0) / 1000).toFixed(1)} s, command ${((s.cli_ms || 0) / 1000).toFixed(1)} s`);
    }
    console.log(`  ${total} points, ${cells} cells in ${seconds.toFixed(1)} s, every cell the command's string; `
      + `screenshots in web/dist/screenshots/`);
    for (const f of failures.slice(0, 20)) console.log(`FAIL ${f}`);
    if (fails) console.log(`${fails} failures (WEB_SEED=${SEED} repeats them)`);
    ok = fails === 0;
  } finally {
    browser.close();
    server.close();
  }
  console.log(`web check ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  process.exit(ok ? 0 : 1);
}

main().catch((e) => { console.error(`web check: ${e.stack || e}`); process.exit(1); });
