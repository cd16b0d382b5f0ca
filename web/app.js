// SPDX-License-Identifier: GPL-3.0-or-later
// bercl in the browser: the command's questions as forms, answered by
// libbercl compiled to WebAssembly (web/glue.c). The rules of a row (which
// inputs it needs, how bits follow from time, which columns it shows, how a
// cell reads for people and for programs) follow src/main.c, engine/compute.c,
// engine/commands.c and engine/columns.c; `make check-web` compares every cell's
// data-value with `bercl ... -f csv`, and every message (the usage checks'
// and the rows') with the command's stderr, so a message changed there must
// change here too: make check-web names the first that differs. No network,
// no storage: the state is the URL's query string.
'use strict';

// ---- the WebAssembly module ----

let X = null; // its exports
const enc = new TextEncoder();
const dec = new TextDecoder();

function nums() {
  return new Float64Array(X.memory.buffer, X.web_num(), 6 * 1024 + 16);
}
function setText(s) {
  const b = enc.encode(s);
  const view = new Uint8Array(X.memory.buffer, X.web_text(), 4096);
  if (b.length > 4095) return false;
  view.set(b);
  view[b.length] = 0;
  return true;
}
function getText() {
  const view = new Uint8Array(X.memory.buffer, X.web_text(), 4096);
  return dec.decode(view.subarray(0, view.indexOf(0)));
}

// The machine formats' numbers (engine/format.c): fd a double, fp a
// probability with its logarithm (below the double range: m e x).
function fd(v) { nums()[0] = v; X.web_format_double(); return getText(); }
function fp(v, hi, lo) { const n = nums(); n[0] = v; n[1] = hi; n[2] = lo; X.web_format_probability(); return getText(); }
function g(v, p) { nums()[0] = v; X.web_format_g(p); return getText(); }
const UP = 1, DOWN = -1, NEAREST = 0;
function hNumber(v, dir) { X.web_human_number(v, dir); return getText(); }
function hDuration(s, dir) { X.web_human_duration(s, dir); return getText(); }
function hTarget(cl, c) { X.web_human_target_percent(cl, c); return getText(); }
function hPercentDown(cl, omc, d) { X.web_human_percent_down(cl, omc, d); return getText(); }
function hClPercent(t, d) { nums().set(t, 0); X.web_human_cl_percent(d); return getText(); }
function hProbability(v, hi, lo, dir) { const n = nums(); n[0] = v; n[1] = hi; n[2] = lo; X.web_human_probability(dir); return getText(); }
function hSi(v) { X.web_human_si(v); return getText(); }
function hPercent(v, dir) { X.web_human_percent(v, dir); return getText(); }
const present = (v) => !Number.isNaN(v) && v !== undefined;
const tailsOut = (off) => Array.from(nums().subarray(off, off + 6)); // cl, 1-cl, ln cl, ln(1-cl)

// ---- the flags (engine/flags.c): parser kind and domain check ----

const P_COUNT = 0, P_SI = 1, P_REAL = 2, P_RATE = 3, P_DURATION = 4, P_PROB = 6;
const aboveZero = (v) => (v > 0 ? null : 'must be above 0');
const openUnit = (v) => (!(v > 0 && v < 1) ? 'must be between 0 and 1, exclusive'
  : v >= 2.2250738585072014e-308 ? null : 'is below the smallest normal double, 2.2250738585072014e-308');
const atLeastOne = (v) => (v >= 1 ? null : 'must be at least 1');
const aboveOne = (v) => (v > 1 && v <= 1e6 ? null : 'must be above 1 (at most 1e6)');

// In the order of enum quantity: a sweep varies the first slowest.
const QUANTITIES = [
  { name: 'errors', kind: P_COUNT, check: null, label: 'errors', hint: 'seen, or allowed; 0..3 for a sweep' },
  { name: 'bits', kind: P_SI, check: aboveZero, label: 'bits', hint: 'bits tested: 3T = 3e12' },
  { name: 'ber', kind: P_REAL, check: openUnit, label: 'BER', hint: 'specified bit error ratio: 1e-12' },
  { name: 'cl', kind: P_PROB, check: null, label: 'CL', hint: 'confidence level: 95% or 0.95' },
  { name: 'rate', kind: P_RATE, check: aboveZero, label: 'rate', hint: 'line rate: 25.78125G, 10Gb/s' },
  { name: 'lanes', kind: P_COUNT, check: atLeastOne, label: 'lanes', hint: 'tested in parallel; default 1' },
  { name: 'time', kind: P_DURATION, check: aboveZero, label: 'time', hint: 'test duration: 90s, 10min, 1h30m' },
  { name: 'require', kind: P_PROB, check: null, label: 'require', hint: 'pass/fail verdict against this CL' },
  { name: 'alpha', kind: P_PROB, check: null, label: 'alpha', hint: "producer's risk: 5%" },
  { name: 'ratio', kind: P_REAL, check: aboveOne, label: 'ratio D', hint: 'a good link has BER P / D' },
  { name: 'true-ber', kind: P_REAL, check: openUnit, label: 'true BER', hint: 'chance to pass at this BER' },
  { name: 'cer', kind: P_PROB, check: null, label: 'CER', hint: 'codeword error ratio target: 1e-12' },
  { name: 'codewords', kind: P_COUNT, check: atLeastOne, label: 'codewords', hint: 'codewords counted' },
  { name: 'uncorrectable', kind: P_COUNT, check: null, label: 'uncorrectable', hint: 'uncorrectable among them' },
];
const QBY = Object.fromEntries(QUANTITIES.map((q) => [q.name, q]));
// struct row_input field of each quantity, with its complement for probabilities
const FIELD = { errors: 'errors', bits: 'bits', ber: 'ber', cl: 'cl', rate: 'rate', lanes: 'lanes', time: 'time',
  require: 'require', alpha: 'alpha', ratio: 'ratio', 'true-ber': 'true_ber', cer: 'cer',
  codewords: 'codewords', uncorrectable: 'uncorrectable' };

// ---- the questions: fields shown, in order ----

const QUESTIONS = {
  cl: { cmd: 'cl', title: 'cl: confidence level reached',
    help: 'I tested N bits and saw E errors: how confident am I that BER < P?',
    fields: ['errors', 'bits', 'time', 'rate', 'lanes', 'ber', 'require', 'model'],
    example: { errors: '0', bits: '3T', ber: '1e-12' },
    hints: { errors: 'errors seen: 0, or 0..3' } },
  bits: { cmd: 'bits', title: 'bits: minimum bits and test time',
    help: 'How many bits (and how long at my rate) must I test, allowing E errors, to claim BER < P at confidence CL?',
    fields: ['errors', 'ber', 'cl', 'rate', 'lanes', 'all-lanes', 'model'],
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
    example: { ber: '1e-12', cl: '95%', alpha: '5%', ratio: '2', rate: '100G' },
    hints: { cl: "1 - beta, the consumer's risk: 95%", alpha: "producer's risk, P[fail] at BER P / D: 5%",
      errors: 'a given test: errors allowed', bits: "a given test's bits (with errors)", time: "a given test's duration",
      'true-ber': 'P(pass) and E[bits] at this BER' } },
  fec: { cmd: 'fec', title: 'fec: Reed-Solomon FEC',
    help: 'Give one of: a pre-FEC BER (CER and post-FEC BER), a CER target (ber_max), a pre-FEC test (errors, bits or time, cl), or a codeword count (codewords, uncorrectable, cer or cl).',
    fields: ['code', 'ber', 'cer', 'errors', 'bits', 'time', 'rate', 'cl', 'codewords', 'uncorrectable', 'model'],
    example: { code: 'kp4', ber: '2.4e-4' },
    hints: { ber: 'pre-FEC BER: CER and post-FEC BER', cer: 'CER target: ber_max (or with codewords: CL)',
      errors: 'a pre-FEC test: errors seen', cl: 'of the bounds (a test or a count)' } },
  lanes: { cmd: 'cl', title: 'lanes: per lane, combined, all',
    help: 'One error count per lane: the CL of each lane, of all lanes pooled (combined), and that every lane is below P (all).',
    fields: ['lane-errors', 'bits', 'time', 'rate', 'ber', 'require', 'model'],
    example: { 'lane-errors': '0,1,0,0,2,0,0,0', time: '1min', rate: '53.125G', ber: '1e-12' } },
};
const SWITCHES = { 'two-sided': 'the interval [ber_lower, ber_upper] at CL', sequential: 'the truncated sequential test (its table)',
  'all-lanes': 'bits per lane for all lanes to reach CL together' };
const MAX_ROWS = 5000; // the page shows at most this many rows of a sweep

// ---- reading the form ----

class UsageError extends Error {
  constructor(msg, field) { super(msg); this.field = field; }
}
const usage = (msg, field) => { throw new UsageError(msg, field); };

// parse_vlist through the module: {count, min, max, value(i) -> [v, complement]}
function parseList(q, text) {
  if (!setText(text)) usage(`--${q.name} '${text}': is too long`, q.name);
  const count = X.web_parse_list(q.kind);
  if (count < 0) usage(`--${q.name} '${text}': ${getText()}`, q.name);
  const n = nums();
  const list = { text, count, min: n[0], max: n[1], values: [] };
  const keep = Math.min(count, MAX_ROWS + 1);
  for (let i = 0; i < keep; i++) {
    X.web_list_value(i);
    const m = nums();
    list.values.push([m[0], m[1], m[2], m[3]]);
  }
  // every value's domain: ranges are monotone, so their ends
  for (const end of [list.min, list.max]) {
    const why = q.check ? q.check(end) : null;
    if (why) usage(`--${q.name} '${text}': ${why}`, q.name);
  }
  return list;
}

// --code (engine/request.c's option_code)
function parseCode(text) {
  let n, k, m = 10;
  const num = (s, lo, hi) => {
    if (s.length === 0 || s.length > 6 || !/^[0-9]+$/.test(s)) return null;
    const v = Number(s);
    return v < lo || v > hi ? null : v;
  };
  if (text === 'kp4') { n = 544; k = 514; } else if (text === 'kr4') { n = 528; k = 514; } else if (text.startsWith('rs:')) {
    const parts = text.slice(3).split(',');
    const bad = () => usage(`--code '${text}': expected rs:N,K or rs:N,K,M with whole N > K >= 1 and M in 1..16`, 'code');
    if (parts.length < 2) bad();
    // as strchr: the third part is everything after the second comma
    const mtext = parts.length > 2 ? parts.slice(2).join(',') : null;
    n = num(parts[0], 2, 65537); k = num(parts[1], 1, 65536);
    if (n === null || k === null) bad();
    if (mtext !== null) { m = num(mtext, 1, 16); if (m === null) bad(); }
  } else {
    usage(`--code '${text}': unknown code (kp4, kr4, or rs:N,K[,M])`, 'code');
  }
  if (X.web_rs_code(n, k, m) !== 0) usage(`--code '${text}': not a Reed-Solomon code (needs K < N <= 2^M + 1)`, 'code');
  const c = nums();
  return { name: text[0] === 'r' ? `rs:${n},${k},${m}` : text, n: c[0], k: c[1], m: c[2], t: c[3], nn: n, kk: k, mm: m };
}

// --lane-errors (engine/request.c's option_lane_errors)
function parseLaneErrors(text) {
  if (!setText(text)) usage(`--lane-errors '${text}': is too long`, 'lane-errors');
  const count = X.web_parse_list(P_COUNT);
  if (count < 0) usage(`--lane-errors '${text}': ${getText()}`, 'lane-errors');
  if (X.web_list_has_spaced()) usage(`--lane-errors '${text}': whole numbers only: use A..B`, 'lane-errors');
  if (count < 2 || count > 1024) usage(`--lane-errors '${text}': give 2 to 1024 lanes`, 'lane-errors');
  const v = [];
  for (let i = 0; i < count; i++) { X.web_list_value(i); v.push(nums()[0]); }
  return v;
}

// The options of one question from its state (flag name -> text): the
// command's usage checks (parse_options, check_combinations) in its order.
function readOptions(qname, state) {
  const Q = QUESTIONS[qname];
  const o = { q: qname, cmd: Q.cmd, text: {}, list: {}, model: 0, two_sided: false, sequential: false,
    all_lanes: false, code: null, lanes: null };
  for (const f of Q.fields) {
    const t = state[f];
    if (t === undefined || t === '') continue;
    if (f === 'model') {
      if (t === 'binomial') o.model = 1; else if (t !== 'poisson') usage(`--model '${t}': unknown model (poisson or binomial)`, 'model');
    } else if (f in SWITCHES) {
      if (t === '1' || t === 'on' || t === 'true') o[f.replace('-', '_')] = true;
    } else if (f === 'code') {
      o.codeText = t;
    } else if (f === 'lane-errors') {
      o.laneText = t;
    } else {
      o.text[f] = t;
    }
  }
  // the quantities, in the table's order (the first bad one is reported)
  for (const q of QUANTITIES)
    if (o.text[q.name] !== undefined) o.list[q.name] = parseList(q, o.text[q.name]);
  if (o.codeText !== undefined) o.code = parseCode(o.codeText);
  if (o.laneText !== undefined) o.lanes = parseLaneErrors(o.laneText);
  checkCombinations(o);
  return o;
}

function checkCombinations(o) {
  const has = (q) => o.text[q] !== undefined;
  if (o.cmd === 'fec' && !o.code) usage('missing --code (kp4, kr4, or rs:N,K[,M])', 'code');
  if (o.all_lanes && !has('lanes')) usage('--all-lanes needs --lanes (the number of lanes)', 'lanes');
  if (o.q === 'lanes' && !o.lanes) usage("missing --lane-errors (each lane's errors)", 'lane-errors');
  const rate = has('rate');
  const given = has('bits') || has('time');
  if (o.cmd === 'plan') {
    if (!has('ber')) usage('missing ber (--ber or a ber column)', 'ber');
    if (!has('ratio')) usage('missing ratio (a good link has BER ber / ratio, ratio > 1)', 'ratio');
    if (has('bits') && has('time')) usage('bits and time: give one, not both', 'time');
    if (has('time') && !rate) usage('time needs a rate (--rate, --baud or a rate column)', 'rate');
    if (given && o.sequential) usage('--sequential designs a plan: give cl and alpha, not bits or time', 'sequential');
    if (given && (has('cl') || has('alpha')))
      usage(`${has('cl') ? 'cl' : 'alpha'}: a given test (bits or time) has its risks computed, not set`, has('cl') ? 'cl' : 'alpha');
    if (!given && has('errors')) usage('errors: a plan computes the errors allowed (give errors with bits or time)', 'errors');
    if (!given && !has('cl')) usage("missing cl (1 - beta, the consumer's risk), or bits for a given test", 'cl');
    if (!given && !has('alpha')) usage("missing alpha (the producer's risk)", 'alpha');
    return;
  }
  if (o.cmd === 'fec') {
    const counts = has('codewords') || has('uncorrectable');
    const test = has('bits') || has('time');
    const modes = has('ber') + (has('cer') && !counts) + test + counts;
    if (modes !== 1)
      usage('fec: give one of ber, ser, cer, a pre-FEC test (errors with bits or time), codewords with uncorrectable, --histogram, or degrade-interval with degrade-threshold', 'ber');
    if (has('errors') && !test) usage('errors needs bits or time (a pre-FEC test)', 'errors');
    if (test && !has('cl')) usage('missing cl, the confidence level (--cl 95% or a cl column)', 'cl');
    if (has('time') && !has('rate')) usage('time needs a rate (--rate, --baud or a rate column)', 'rate');
    if (has('rate') && !test) usage('--rate is for a pre-FEC test given as --time', 'rate');
    if (counts && !(has('codewords') && has('uncorrectable'))) usage('codewords and uncorrectable go together', has('codewords') ? 'uncorrectable' : 'codewords');
    if (counts && has('cer') === has('cl'))
      usage('with codewords give cer (the CL that CER < cer) or cl (the CER bound), one of them', 'cer');
    if (has('cl') && !(test || counts)) usage('cl is for a pre-FEC test, a codeword count or a histogram', 'cl');
    return;
  }
  if (o.cmd === 'bits') {
    if (!has('ber')) usage('missing ber (--ber or a ber column)', 'ber');
    if (!has('cl')) usage('missing cl, the confidence level (--cl 95% or a cl column)', 'cl');
    return;
  }
  // cl, ber, errors: bits tested, given or from time * rate * lanes
  if (has('bits') && has('time')) usage('bits and time: give one, not both', 'time');
  if (has('time') && !rate) usage('time needs a rate (--rate, --baud or a rate column)', 'rate');
  if (!has('bits') && !has('time')) usage('missing bits (--bits, or --time with --rate, or their columns)', 'bits');
  if ((o.cmd === 'ber' || o.cmd === 'errors') && !has('cl'))
    usage('missing cl, the confidence level (--cl 95% or a cl column)', 'cl');
  if (o.cmd !== 'ber' && !has('ber')) usage('missing ber (--ber or a ber column)', 'ber');
  let bmin, bmax;
  if (has('bits')) { bmin = o.list.bits.min; bmax = o.list.bits.max; } else {
    const lmin = has('lanes') ? o.list.lanes.min : 1, lmax = has('lanes') ? o.list.lanes.max : 1;
    bmin = o.list.rate.min * o.list.time.min * lmin;
    bmax = o.list.rate.max * o.list.time.max * lmax;
  }
  const emin = has('errors') ? o.list.errors.min : 0;
  if (o.cmd !== 'errors' && emin > bmax) { X.web_errors_exceed(emin, bmax, has('bits') ? 0 : 1); usage(getText(), 'errors'); }
  if (o.cmd === 'ber') return;
  const lmin = bmin * o.list.ber.min, lmax = bmax * o.list.ber.max;
  if (!(lmax >= 1e-300)) usage(`bits * ber = ${g(lmax, 3)} is below 1e-300 (--bits or --time, --ber)`, 'ber');
  if (!(lmin <= 1e300)) usage(isFinite(lmin) ? `bits * ber = ${g(lmin, 3)} is above 1e300 (--bits or --time, --ber)`
    : 'bits * ber is above 1e300 (--bits or --time, --ber)', 'ber');
}

// ---- rows: the sweep's odometer, then compute.c's rules ----

function newRow(o) {
  const r = { in: { model: o.model, two_sided: o.two_sided, sequential: o.sequential, all_lanes: o.all_lanes,
    code: o.code }, error: '', bits: NaN, time_s: NaN, time_needed: false, tails: null,
  ber_estimate: NaN, ber_lower: NaN, ber_upper: NaN, alpha: NaN, beta: NaN, verdict: -1 };
  for (const q of QUANTITIES) { r.in[FIELD[q.name]] = NaN; if (q.kind === P_PROB) r.in[FIELD[q.name] + 'c'] = NaN; }
  return r;
}

function* sweep(o) {
  const qs = QUANTITIES.filter((q) => o.list[q.name]);
  const idx = qs.map(() => 0);
  for (;;) {
    const r = newRow(o);
    qs.forEach((q, j) => {
      const [v, c, lo, clo] = o.list[q.name].values[idx[j]];
      r.in[FIELD[q.name]] = v;
      if (q.kind === P_PROB) {
        r.in[FIELD[q.name] + 'c'] = c;
        r.in[FIELD[q.name] + '_lo'] = lo; // the rests of a decimal target (cl_lo)
        r.in[FIELD[q.name] + 'c_lo'] = clo;
      }
    });
    yield r;
    let j = qs.length - 1;
    for (; j >= 0; j--) {
      idx[j]++;
      if (idx[j] < o.list[qs[j].name].values.length) break;
      idx[j] = 0;
    }
    if (j < 0) return;
  }
}
function sweepCount(o) {
  let n = 1;
  for (const q of QUANTITIES) if (o.list[q.name]) n *= o.list[q.name].count;
  return n;
}

class RowError extends Error {}
const fail = (msg) => { throw new RowError(msg); };

function libFail(r, rc) {
  X.web_status_message(r.in.model, rc);
  fail(getText());
}
const lanesOf = (i) => (Number.isNaN(i.lanes) ? 1 : i.lanes);

// r.time_s = r.bits / rate, refused where it leaves the doubles (as
// engine/compute.c's set_time)
function setTime(r, rate, needed) {
  const t = r.bits / rate;
  if (!Number.isFinite(t)) fail(`the test time, ${g(r.bits, 3)} bits at ${g(rate, 3)} b/s, is above the double range (--rate, --baud or --lanes too small)`);
  r.time_s = t;
  r.time_needed = needed;
}

function deriveBits(r) {
  const i = r.in;
  if (present(i.bits) && present(i.time)) fail('bits and time: give one, not both');
  if (present(i.time)) {
    if (!present(i.rate)) fail('time needs a rate (--rate, --baud or a rate column)');
    r.time_s = i.time;
    r.bits = X.web_whole_if_near(i.rate * i.time * lanesOf(i));
  } else if (present(i.bits)) {
    r.bits = i.bits;
  } else fail('missing bits (--bits, or --time with --rate, or their columns)');
  if (!Number.isFinite(r.bits)) fail('the bits are above 1e300 (--bits, or --time x --rate x --lanes)');
  if (r.bits > 1e300) fail(`bits ${g(r.bits, 3)} is above 1e300 (--bits, or --time x --rate x --lanes)`);
  if (!present(i.time) && present(i.rate)) setTime(r, i.rate * lanesOf(i), false);
  if (i.errors > r.bits) { X.web_errors_exceed(i.errors, r.bits, present(i.time) ? 1 : 0); fail(getText()); }
  if (i.model === 1 && r.bits !== Math.floor(r.bits)) fail(`the binomial model needs a whole number of bits, not ${g(r.bits, 17)}`);
}

function tailsAt(r, model) {
  const rc = X.web_tails(model, r.in.errors, r.bits, r.in.ber);
  if (rc === -1) fail(`bits * ber = ${g(r.bits * r.in.ber, 3)} is outside [1e-300, 1e300] (--bits or --time, --ber)`);
  if (rc !== 0) libFail(r, rc);
  return tailsOut(0);
}

const passes = (t, req, reqc) => (req <= 0.5 ? t[0] >= req : t[1] <= reqc);
const reaches = (t, i) => t[0] >= i.cl && t[1] <= i.clc;

const COMPUTE = {
  cl(r) {
    deriveBits(r);
    if (!present(r.in.ber)) fail('missing ber (--ber or a ber column)');
    r.tails = tailsAt(r, r.in.model);
    if (present(r.in.require)) r.verdict = passes(r.tails, r.in.require, r.in.requirec) ? 1 : 0;
  },
  bits(r) {
    const i = r.in;
    if (present(i.bits) || present(i.time)) fail('bits computes bits: give ber and cl, not bits or time');
    let rc;
    if (i.all_lanes) {
      const lanes = lanesOf(i);
      if (lanes > 1e6) fail('--all-lanes: at most 1000000 lanes');
      X.web_lane_target(i.cl, i.clc, lanes);
      r.lane_target = tailsOut(0);
      rc = X.web_min_bits_all_lanes(i.model, i.errors, i.ber, i.cl, i.clc, lanes);
      if (rc === 0) {
        r.bits = nums()[0];
        r.tails = tailsOut(1);
        if (present(i.rate)) setTime(r, i.rate, true); // the lanes run side by side
        // the library decided on the logs; the product of the lane doubles may
        // round up to lanes + 8 times off the target: then it is the target
        // (as engine/compute.c's all_lanes_printable)
        const slack = (lanes + 8) * 2.220446049250313e-16, t = r.tails;
        const near = (t[0] >= i.cl || i.cl - t[0] <= slack * i.cl) &&
          (t[1] <= i.clc || t[1] - i.clc <= slack * i.clc);
        if (!near) fail('numerical failure: the all-lanes bits do not reach the target');
        if (!reaches(t, i)) r.tails = [i.cl, i.clc, X.web_log(i.cl), 0, X.web_log(i.clc), 0];
        return;
      }
      libFail(r, rc);
    }
    // the engine's least whole number of bits (engine/target.c)
    if (X.web_min_bits(i.model, i.errors, i.ber, i.cl, i.clc, i.cl_lo || 0, i.clc_lo || 0) !== 0)
      fail(getText());
    r.bits = nums()[0];
    r.tails = tailsOut(1);
    if (present(i.rate)) setTime(r, i.rate * lanesOf(i), true);
  },
  ber(r) {
    const i = r.in;
    deriveBits(r);
    if (!present(i.cl)) fail('missing cl, the confidence level (--cl 95% or a cl column)');
    r.ber_estimate = i.errors / r.bits;
    const rc = i.two_sided ? X.web_ber_interval(i.model, i.errors, r.bits, i.cl, i.clc)
      : X.web_ber_upper(i.model, i.errors, r.bits, i.cl, i.clc);
    if (rc !== 0) libFail(r, rc);
    const n = nums();
    if (i.two_sided) { r.ber_lower = n[0]; r.ber_upper = n[1]; } else r.ber_upper = n[0];
  },
  errors(r) {
    const i = r.in;
    i.errors = 0;
    deriveBits(r);
    const at = (e) => { i.errors = e; const t = tailsAt(r, i.model); return [reaches(t, i), t]; };
    let [k, t] = at(0);
    if (!k) { i.errors = NaN; r.note = 'even 0 errors do not reach the target CL at these bits'; return; }
    let emax = Math.min(Math.floor(r.bits), 9007199254740992);
    if (i.model === 1) emax = Math.min(emax, r.bits - 1);
    let lo = 0, hi = 1, atLo = t;
    for (;;) {
      if (hi >= emax) {
        hi = emax;
        [k, t] = at(hi);
        if (k) { lo = hi; atLo = t; }
        break;
      }
      [k, t] = at(hi);
      if (!k) break;
      lo = hi; atLo = t; hi *= 2;
    }
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      [k, t] = at(mid);
      if (k) { lo = mid; atLo = t; } else hi = mid;
    }
    i.errors = lo;
    r.tails = atLo;
  },
  plan(r) {
    const i = r.in;
    if (present(i.bits) || present(i.time)) {
      if (Number.isNaN(i.errors)) i.errors = 0;
      deriveBits(r);
      if (r.bits !== Math.floor(r.bits)) fail(`a plan needs a whole number of bits, not ${g(r.bits, 17)}`);
      if (X.web_plan_risks(i.errors, r.bits, i.ber, i.ratio) !== 0) fail('bits * ber is outside [1e-300, 1e300]');
      r.alpha = nums()[0]; r.beta = nums()[1];
      planAtTrueBer(r);
      return;
    }
    const beta = i.clc;
    if (!(beta > 0 && beta < 1) || !(i.alpha > 0 && i.alpha < 1)) fail('cl and alpha must be between 0 and 1, exclusive');
    if (!i.sequential) {
      if (X.web_plan_fixed(i.ber, i.alpha, beta, i.ratio) !== 0) fail('no plan for these values within 2^40 errors and 1e300 bits');
      const n = nums();
      i.errors = n[0]; r.bits = n[1]; r.alpha = n[2]; r.beta = n[3];
    } else {
      const rc = X.web_plan_sequential(i.ber, i.alpha, beta, i.ratio);
      lastDesign = rc === 0 ? [i.ber, i.alpha, beta, i.ratio].join() : '';
      if (rc === -2) fail('this sequential plan is too large to design (ratio near 1 or tiny risks): use the fixed plan');
      if (rc === -3) fail('no sequential plan for these values');
      if (rc > 0) fail('no plan for these values within 2^40 errors and 1e300 bits');
      if (rc !== 0) fail('numerical failure in the sequential plan');
      const n = Array.from(nums().subarray(0, 8));
      r.fixed_bits = n[1];
      i.errors = n[2];
      r.bits = r.max_bits = n[3];
      r.alpha = n[4]; r.beta = n[5];
      r.expected_bits_good = n[6]; r.expected_bits_bad = n[7];
      r.seq_rows = n[2] + 1;
      if (!present(i.true_ber)) {
        r.table = [];
        for (let k = 0; k < r.seq_rows && k <= MAX_ROWS; k++) { X.web_seq_row(k); r.table.push([nums()[0], nums()[1]]); }
      }
    }
    if (present(i.rate)) setTime(r, i.rate * lanesOf(i), true);
    planAtTrueBer(r);
  },
  fec(r) {
    const i = r.in;
    const counts = present(i.codewords) || present(i.uncorrectable);
    const test = present(i.bits) || present(i.time);
    if (present(i.ber)) {
      if (!(i.ber >= 1e-300 && i.ber <= 0.5)) fail('fec: ber must be in [1e-300, 0.5]');
      if (X.web_fec_rates(i.ber) !== 0) fail('numerical failure in the codeword error ratio');
      r.fec = Array.from(nums().subarray(0, 7));
    } else if (present(i.cer) && !counts) {
      const rc = X.web_fec_ber_max(i.cer);
      if (rc === 1 || rc === 2) fail('fec: no pre-FEC BER in [1e-300, 0.5] has this cer');
      if (rc !== 0) fail('numerical failure in ber_max');
      r.ber_max = nums()[0];
    } else if (test) {
      deriveBits(r);
      const rc = X.web_ber_upper(i.model, i.errors, r.bits, i.cl, i.clc);
      if (rc !== 0) fail('no BER bound in range for these values');
      r.ber_upper = nums()[0];
      if (X.web_fec_rates(Math.min(Math.max(r.ber_upper, 1e-300), 0.5)) !== 0) fail('numerical failure in the codeword error ratio');
      const n = nums();
      r.cer_upper = [n[1], n[2], n[3]];
    } else {
      if (i.uncorrectable > i.codewords) fail('fec: uncorrectable exceeds codewords');
      if (i.model === 1 && i.uncorrectable >= i.codewords) fail('the binomial model needs uncorrectable below codewords');
      if (present(i.cer)) {
        const rc = X.web_cl(i.model, i.uncorrectable, i.codewords, i.cer);
        if (rc === 0) { r.tails = tailsOut(0); r.fec_cl = true; return; }
        if (rc === 3) fail('numerical failure in the codeword bound');
      } else {
        const rc = X.web_ber_upper(i.model, i.uncorrectable, i.codewords, i.cl, i.clc);
        if (rc === 0) { const up = Math.min(nums()[0], 1); r.cer_upper = [up, X.web_log(up), 0]; r.cer_upper_log = true; return; }
        if (rc === 3) fail('numerical failure in the codeword bound');
      }
      fail('fec: codewords * cer outside the supported range');
    }
  },
};

let lastDesign = ''; // the sequential plan whose table the module holds

function planAtTrueBer(r) {
  const b = r.in.true_ber;
  if (!present(b)) return;
  if (!r.in.sequential) {
    if (X.web_cl(0, r.in.errors, r.bits, b) !== 0) fail('bits * true-ber is outside [1e-300, 1e300]');
    r.p_pass = nums()[1];
    r.expected_bits = r.bits;
    return;
  }
  if (X.web_seq_outcome(b) !== 0) fail("numerical failure in the plan's outcome");
  r.p_pass = nums()[0];
  r.expected_bits = nums()[2];
}

function computeRow(cmd, r) {
  if (Number.isNaN(r.in.errors) && cmd !== 'plan') r.in.errors = 0;
  try {
    COMPUTE[cmd](r);
  } catch (e) {
    if (!(e instanceof RowError)) throw e;
    r.error = e.message;
    return false;
  }
  return true;
}

// ---- columns (engine/commands.c's layouts in a machine format) ----

function layout(o) {
  const has = (q) => o.text[q] !== undefined;
  const time = has('time') || has('rate');
  const cols = [];
  const add = (c, when = true) => { if (when) cols.push(c); };
  switch (o.cmd) {
  case 'cl':
    add('lane', !!o.lanes); add('model'); add('errors'); add('bits'); add('ber');
    add('rate_bps', time); add('lanes', time); add('time_s', time);
    add('cl'); add('one_minus_cl'); add('log10_one_minus_cl'); add('verdict', has('require'));
    break;
  case 'bits':
    add('model'); add('errors'); add('ber'); add('cl'); add('one_minus_cl'); add('log10_one_minus_cl'); add('bits');
    add('bits_per_lane', o.all_lanes);
    add('rate_bps', time); add('lanes', time || o.all_lanes); add('time_s', time); add('lane_cl', o.all_lanes);
    add('cl_achieved');
    break;
  case 'ber':
    add('model'); add('errors'); add('bits'); add('rate_bps', time); add('lanes', time); add('time_s', time);
    add('cl'); add('one_minus_cl'); add('ber_estimate'); add('ber_lower', o.two_sided); add('ber_upper');
    break;
  case 'errors':
    add('model'); add('bits'); add('ber'); add('rate_bps', time); add('lanes', time); add('time_s', time);
    add('cl'); add('one_minus_cl'); add('log10_one_minus_cl'); add('errors'); add('cl_achieved'); add('error');
    break;
  case 'plan': {
    const table = o.sequential && !has('true-ber');
    add('ber'); add('ratio'); add('cl'); add('alpha_target');
    add('errors', !o.sequential); add('bits', !o.sequential);
    add('rate_bps', !o.sequential && time); add('lanes', !o.sequential && time); add('time_s', !o.sequential && time);
    add('alpha'); add('beta');
    for (const c of ['max_bits', 'expected_bits_good', 'expected_bits_bad', 'fixed_bits']) add(c, o.sequential);
    add('errors', table); add('pass_bits', table); add('fail_bits', table);
    add('true_ber', has('true-ber')); add('p_pass', has('true-ber')); add('expected_bits', has('true-ber'));
    break;
  }
  case 'fec': {
    const counts = has('codewords') || has('uncorrectable');
    const test = has('bits') || has('time');
    const cerUpper = has('cl') && (test || counts);
    add('model', cerUpper); add('code'); add('n'); add('k'); add('m'); add('t');
    add('ber', has('ber')); add('ser', has('ber')); add('cer', has('ber') || has('cer'));
    add('post_fec_ber', has('ber')); add('ber_max', has('cer') && !counts);
    add('errors', test); add('bits', test); add('rate_bps', test && time); add('time_s', test && time);
    add('codewords', counts); add('uncorrectable', counts);
    add('cl', has('cl') || (counts && has('cer'))); add('ber_upper', test); add('cer_upper', cerUpper);
    break;
  }
  default:
  }
  return cols;
}

// The decimals of the target a computed CL is read against.
function targetDecimals(r) {
  let t;
  if (present(r.in.cl)) t = hTarget(r.in.cl, r.in.clc);
  else if (present(r.in.require)) t = hTarget(r.in.require, r.in.requirec);
  else return 0;
  const m = /\.([0-9]*)/.exec(t);
  return m ? m[1].length : 0;
}

// One cell: [machine value, text for people]; '' where the row has none.
function cell(c, r) {
  const i = r.in, ok = r.error === '';
  const num = (shown, v, dir) => (shown && present(v) ? [fd(v), hNumber(v, dir)] : ['', '']);
  const same = (s) => [s, s];
  const pct = (v, dir) => (ok && present(v) ? [fd(v), hPercent(v, dir)] : ['', '']);
  const whole = (v) => (ok && present(v) ? same(fd(v)) : ['', '']);
  const lnp = (shown, v, hi, lo, dir) => (shown ? [fp(v, hi, lo), hProbability(v, hi, lo, dir)] : ['', '']);
  switch (c) {
  case 'lane': return same(r.lane || '');
  case 'model': return same(i.model === 1 ? 'binomial' : 'poisson');
  case 'errors':
    if (i.code && !present(i.bits) && !present(i.time)) return ['', ''];
    return present(i.errors) ? same(fd(i.errors)) : ['', ''];
  // (engine/columns.c: bits is every lane's bits; with --all-lanes the answer is bits_per_lane)
  case 'bits': return i.all_lanes && present(r.bits) && !r.error ? same(fd(r.bits * lanesOf(i)))
    : present(r.bits) ? same(fd(r.bits)) : present(i.bits) ? same(fd(i.bits)) : ['', ''];
  case 'bits_per_lane': return i.all_lanes && present(r.bits) && !r.error ? same(fd(r.bits)) : ['', ''];
  case 'ber': return present(i.ber) ? same(fd(i.ber)) : ['', ''];
  case 'rate_bps': return present(i.rate) ? [fd(i.rate), hSi(i.rate)] : ['', ''];
  case 'lanes': return same(fd(present(i.lanes) ? i.lanes : 1));
  case 'time_s': {
    const s = present(r.time_s) ? r.time_s : i.time;
    return present(s) ? [fd(s), hDuration(s, r.time_needed ? UP : NEAREST)] : ['', ''];
  }
  case 'cl':
    if (present(i.cl)) return [fd(i.cl), hTarget(i.cl, i.clc)];
    if (ok && r.tails && (!i.code || r.fec_cl)) return [fp(r.tails[0], r.tails[2], r.tails[3]), hClPercent(r.tails, targetDecimals(r))];
    return ['', ''];
  case 'one_minus_cl':
    if (present(i.cl)) return same(fd(i.clc));
    if (ok && r.tails) return [fp(r.tails[1], r.tails[4], r.tails[5]), hProbability(r.tails[1], r.tails[4], r.tails[5], UP)];
    return ['', ''];
  case 'log10_one_minus_cl':
    if (present(i.cl)) return same(fd(X.web_log10(i.clc)));
    if (ok && r.tails && present(r.tails[1])) { nums().set([r.tails[4], r.tails[5]]); return same(fd(X.web_lnprob_log10())); }
    return ['', ''];
  case 'cl_achieved':
    if (!ok || !r.tails) return ['', ''];
    // achieved exactly the target (a decided tie): the target as given
    if (r.tails[0] === i.cl && r.tails[1] === i.clc) return [fp(r.tails[0], r.tails[2], r.tails[3]), hTarget(i.cl, i.clc)];
    return [fp(r.tails[0], r.tails[2], r.tails[3]), hClPercent(r.tails, targetDecimals(r))];
  case 'verdict': return ok && r.verdict >= 0 ? same(r.verdict ? 'pass' : 'fail') : ['', ''];
  case 'ber_estimate': return num(ok, r.ber_estimate, NEAREST);
  case 'ber_lower': return num(ok, r.ber_lower, DOWN);
  case 'ber_upper': return num(ok, r.ber_upper, UP);
  case 'ratio': return present(i.ratio) ? same(fd(i.ratio)) : ['', ''];
  case 'alpha': return pct(r.alpha, UP);
  case 'beta': return pct(r.beta, UP);
  case 'alpha_target': return present(i.alpha) ? [fd(i.alpha), hTarget(i.alpha, i.alphac)] : ['', ''];
  case 'max_bits': return whole(r.max_bits);
  case 'fixed_bits': return whole(r.fixed_bits);
  case 'pass_bits': return whole(r.pass_bits);
  case 'fail_bits': return whole(r.fail_bits);
  case 'expected_bits_good': return num(ok, r.expected_bits_good, UP);
  case 'expected_bits_bad': return num(ok, r.expected_bits_bad, UP);
  case 'expected_bits': return num(ok, r.expected_bits, UP);
  case 'true_ber': return present(i.true_ber) ? same(fd(i.true_ber)) : ['', ''];
  case 'p_pass': return pct(r.p_pass, NEAREST);
  case 'lane_cl': {
    if (!ok || !i.all_lanes) return ['', ''];
    const t = r.lane_target;
    return [fp(t[0], t[2], t[3]), hPercentDown(t[0], t[1], targetDecimals(r) + 2)];
  }
  case 'code': return same(i.code ? i.code.name : '');
  case 'n': return same(String(i.code.n));
  case 'k': return same(String(i.code.k));
  case 'm': return same(String(i.code.m));
  case 't': return same(String(i.code.t));
  case 'ser': return num(ok && r.fec, r.fec ? r.fec[0] : NaN, NEAREST);
  case 'cer':
    if (r.fec) return lnp(ok, r.fec[1], r.fec[2], r.fec[3], NEAREST);
    return present(i.cer) ? same(fd(i.cer)) : ['', ''];
  case 'post_fec_ber': return r.fec ? lnp(ok, r.fec[4], r.fec[5], r.fec[6], NEAREST) : ['', ''];
  case 'ber_max': return num(ok, r.ber_max, DOWN);
  case 'cer_upper': return ok && r.cer_upper ? lnp(true, r.cer_upper[0], r.cer_upper[1], r.cer_upper[2], UP) : ['', ''];
  case 'codewords': return present(i.codewords) ? same(fd(i.codewords)) : ['', ''];
  case 'uncorrectable': return present(i.uncorrectable) ? same(fd(i.uncorrectable)) : ['', ''];
  case 'error': return same(r.error || r.note || '');
  default: return ['', ''];
  }
}

// Columns the command's text table leaves out (its layouts' WHEN_MACHINE,
// and model where it is the default): the page hides them unless "all CSV
// columns" is ticked; they stay in the table, data-value and all.
function machineOnly(c, o) {
  if (c === 'model') return o.model !== 1 && !(o.cmd === 'fec');
  if (c === 'log10_one_minus_cl') return true;
  if (c === 'one_minus_cl') return o.cmd !== 'cl';
  if (c === 'n' || c === 'k' || c === 'm') return true;
  return false;
}

// Text headers as the command's text table names them.
const HEADERS = { model: 'model', errors: 'errors', bits: 'bits', ber: 'BER', rate_bps: 'rate', lanes: 'lanes',
  time_s: 'test time', cl: 'CL', one_minus_cl: '1 - CL', log10_one_minus_cl: 'log10(1 - CL)', cl_achieved: 'CL achieved',
  verdict: 'verdict', ber_estimate: 'BER estimate', ber_lower: 'BER lower', ber_upper: 'BER upper', ratio: 'D',
  alpha: 'alpha', beta: 'beta', alpha_target: 'alpha target', max_bits: 'max bits', expected_bits_good: 'E[bits] good',
  expected_bits_bad: 'E[bits] bad', fixed_bits: 'fixed bits', pass_bits: 'pass at bits', fail_bits: 'fail by bits',
  true_ber: 'true BER', p_pass: 'P(pass)', expected_bits: 'E[bits]', lane: 'lane', lane_cl: 'CL per lane', bits_per_lane: 'bits per lane', code: 'code',
  n: 'n', k: 'k', m: 'm', t: 't', ser: 'SER', cer: 'CER', post_fec_ber: 'post-FEC BER', ber_max: 'BER max',
  cer_upper: 'CER upper', codewords: 'codewords', uncorrectable: 'uncorrectable', error: 'error' };

// ---- answering: options -> rows of cells ----

// Returns {cols, rows: [[ [value, text] per col ]], notes: [messages], truncated}
function answer(o) {
  const cols = layout(o);
  const out = { cols, rows: [], notes: [], truncated: false, raw: [] };
  // the command's warning about input it ignores (src/layout.c's warn_ignored)
  if (o.text.lanes !== undefined && o.text.rate === undefined && !o.all_lanes)
    out.notes.push('warning: --lanes is ignored without a rate (--rate or --baud): bits count every lane');
  const total = sweepCount(o);
  const several = total > 1;
  const where = (r, index) => {
    if (!several && !(o.lanes && index > 1)) return '';
    const parts = QUANTITIES.filter((q) => o.text[q.name] !== undefined).map((q) => `${q.name}=${fd(r.in[FIELD[q.name]])}`);
    return `row ${index} (${parts.join(' ')}): `;
  };
  let index = 0;
  const push = (r) => {
    if (out.rows.length >= MAX_ROWS) { out.truncated = true; return false; }
    out.rows.push(cols.map((c) => cell(c, r)));
    out.raw.push(r);
    return true;
  };
  for (const r0 of sweep(o)) {
    if (o.lanes) {
      if (!laneRows(o, r0, out, push, () => ++index, where, total)) break;
      continue;
    }
    const r = r0;
    index++;
    const okRow = computeRow(o.cmd, r);
    if (!okRow) {
      if (!several) throw new UsageError(r.error, null);
      out.notes.push(where(r, index) + r.error);
    }
    if (r.table) {
      const n = r.seq_rows;
      for (let k = 0; k < r.table.length; k++) {
        r.in.errors = k;
        r.pass_bits = r.table[k][0];
        r.fail_bits = r.table[k][1];
        if (!push(Object.assign({}, r, { in: Object.assign({}, r.in) }))) break;
      }
      r.in.errors = n - 1;
      if (r.table.length < n) out.truncated = true;
    } else if (!push(r)) break;
    if (out.truncated) break;
  }
  return out;
}

// cl --lane-errors: a row per lane, combined, all (src/run.c's lane_rows)
function laneRows(o, r0, out, push, next, where) {
  const n = o.lanes.length;
  const tails = [];
  let ok = true, total = 0, laneBits = NaN;
  for (let i = 0; i <= n + 1; i++) {
    const r = Object.assign({}, r0, { in: Object.assign({}, r0.in) });
    if (i < n) {
      r.lane = String(i + 1);
      r.in.errors = o.lanes[i];
      total += o.lanes[i];
    } else if (i === n) {
      r.lane = 'combined';
      r.in.errors = total;
      if (present(r.in.bits)) r.in.bits *= n; else r.in.lanes = n;
    } else {
      // every lane below the BER at once: the lanes' bits and errors together
      // (as combined, and as watch's all row), the product CL
      r.lane = 'all';
      r.in.errors = total;
      r.bits = laneBits * n;
      r.in.lanes = n;
      if (!ok) r.error = 'a lane has no CL';
      else {
        const m = nums();
        tails.forEach((t, j) => m.set(t, 6 * j));
        if (X.web_lanes_all(n) !== 0) r.error = 'numerical failure in the all-lanes CL';
        else {
          r.tails = tailsOut(0);
          // on the log of the smaller tail, as the command (bercli_lanes_pass)
          const t = r.tails, q = r.in.require, qc = r.in.requirec;
          if (present(q)) {
            nums().set(t);
            r.verdict = X.web_lanes_pass(q, qc);
            // the printed doubles read as the verdict (engine/compute.c's lanes_all_printable)
            const pass = r.verdict === 1;
            if (pass ? t[0] < q : t[0] >= q) t[0] = pass ? q : nextDouble(q, -1);
            if (pass ? t[1] > qc : t[1] <= qc) t[1] = pass ? qc : nextDouble(qc, 1);
          }
        }
      }
    }
    const index = next();
    if (i <= n) {
      const good = computeRow('cl', r);
      if (!good) {
        if (index === 1) throw new UsageError(r.error, null);
        out.notes.push(where(r, index) + r.error);
      }
      if (i < n) {
        if (!good) ok = false; else tails.push(r.tails);
        laneBits = r.bits;
      }
    }
    if (!push(r)) return false;
  }
  return true;
}

// The double next to a positive finite x, upward (dir 1) or downward (-1).
function nextDouble(x, dir) {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, x);
  b.setBigUint64(0, b.getBigUint64(0) + BigInt(dir));
  return b.getFloat64(0);
}

// ---- the page ----

const $ = (sel, root = document) => root.querySelector(sel);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v; else if (k === 'text') e.textContent = v; else e.setAttribute(k, v);
  }
  for (const k of kids) if (k) e.append(k);
  return e;
};

let current = null; // the question whose form is built (none before the first)

function questionFromQuery(p) {
  const cmd = p.get('cmd') || 'bits';
  if (cmd === 'cl' && p.has('lane-errors')) return 'lanes';
  return QUESTIONS[cmd] && cmd !== 'lanes' ? cmd : 'bits';
}

// A hint whose values (1e-12, 1h30m) never break across lines.
function hintEl(id, text) {
  const span = el('span', { class: 'hint', id });
  text.split(/(\S*[0-9e]-[0-9]\S*)/).forEach((part, k) => span.append(k % 2 ? el('span', { class: 'nw', text: part }) : document.createTextNode(part)));
  return span;
}

function buildForm(qname, state) {
  const Q = QUESTIONS[qname];
  const form = $('#form');
  form.replaceChildren();
  $('#help').textContent = Q.help;
  for (const f of Q.fields) {
    const id = `f-${f}`;
    const row = el('div', { class: 'field' });
    if (f in SWITCHES) {
      const box = el('input', { type: 'checkbox', id, name: f });
      if (state[f] === '1') box.checked = true;
      row.append(el('label', { class: 'switch', for: id }, box, document.createTextNode(` ${f}`)),
        el('span', { class: 'hint', id: `${id}-hint`, text: SWITCHES[f] }));
      box.setAttribute('aria-describedby', `${id}-hint`);
      row.classList.add('check');
    } else if (f === 'model') {
      const sel = el('select', { id, name: f });
      for (const m of ['poisson', 'binomial']) sel.append(el('option', { value: m, text: m }));
      sel.value = state[f] === 'binomial' ? 'binomial' : 'poisson';
      row.append(el('label', { for: id, text: 'model' }), sel,
        el('span', { class: 'hint', id: `${id}-hint`, text: qname === 'plan' ? '' : 'binomial: the exact law' }));
    } else {
      const q = QBY[f];
      const hint = (Q.hints && Q.hints[f]) || (f === 'code' ? 'kp4, kr4, or rs:N,K[,M]' : f === 'lane-errors' ? 'errors per lane: 0,1,0,2' : q.hint);
      const label = f === 'code' ? 'code' : f === 'lane-errors' ? 'lane errors' : q.label;
      const input = el('input', { type: 'text', id, name: f, autocomplete: 'off', spellcheck: 'false',
        inputmode: 'text', 'aria-describedby': `${id}-hint ${id}-err` });
      input.value = state[f] || '';
      row.append(el('label', { for: id, text: label }), input,
        hintEl(`${id}-hint`, hint),
        el('span', { class: 'err', id: `${id}-err`, role: 'alert' }));
    }
    form.append(row);
  }
}

function formState() {
  const state = {};
  for (const e of $('#form').elements) {
    if (!e.name) continue;
    if (e.type === 'checkbox') { if (e.checked) state[e.name] = '1'; } else if (e.value.trim() !== '') {
      if (e.name === 'model' && e.value === 'poisson') continue;
      state[e.name] = e.value.trim();
    }
  }
  return state;
}

function stateToQuery(qname, state) {
  const p = new URLSearchParams();
  p.set('cmd', QUESTIONS[qname].cmd);
  for (const f of QUESTIONS[qname].fields) if (state[f] !== undefined) p.set(f, state[f]);
  return p.toString();
}

function commandLine(qname, state) {
  const Q = QUESTIONS[qname];
  const words = ['bercl', Q.cmd];
  for (const f of Q.fields) {
    if (state[f] === undefined) continue;
    if (f in SWITCHES) words.push(`--${f}`);
    else words.push(`--${f}`, /^[A-Za-z0-9._%:,+\/-]+$/.test(state[f]) ? state[f] : `'${state[f].replace(/'/g, "'\\''")}'`);
  }
  return words.join(' ');
}

function clearErrors() {
  for (const e of document.querySelectorAll('.err')) e.textContent = '';
  for (const e of document.querySelectorAll('[aria-invalid]')) e.removeAttribute('aria-invalid');
  $('#message').textContent = '';
  $('#message').hidden = true;
}

function run(push) {
  clearErrors();
  const state = formState();
  const query = stateToQuery(current, state);
  if (push !== false) history.replaceState(null, '', `?${query}`);
  $('#cli').textContent = commandLine(current, state);
  const results = $('#results');
  results.replaceChildren();
  $('#plot').replaceChildren();
  const t0 = performance.now();
  let out;
  try {
    const o = readOptions(current, state);
    out = answer(o);
    out.o = o;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    const field = e.field && $(`#f-${e.field}`);
    if (field && $(`#f-${e.field}-err`)) {
      $(`#f-${e.field}-err`).textContent = e.message;
      field.setAttribute('aria-invalid', 'true');
    }
    const m = $('#message');
    m.textContent = `bercl: ${e.message}`;
    m.hidden = false;
    document.body.dataset.state = 'error';
    return;
  }
  const t1 = performance.now();
  render(out);
  const t2 = performance.now();
  plot(out);
  const t3 = performance.now();
  // how long each step took, for make check-web's report of slow points
  document.body.dataset.ms = [t1 - t0, t2 - t1, t3 - t2].map((v) => v.toFixed(0)).join(' ');
  document.body.dataset.state = 'done';
}

function render(out) {
  const results = $('#results');
  const seqTable = out.o.cmd === 'plan' && out.o.sequential && out.o.text['true-ber'] === undefined;
  const tableOf = (cols, rows, rowIds, caption) => {
    // at phone width a wide table shows each row as a card; 4 columns fit as they are
    const visible = cols.filter((c) => !machineOnly(c, out.o)).length;
    const t = el('table', { class: visible > 4 ? 'result cards' : 'result' });
    t.append(el('caption', { text: caption }));
    const head = el('tr');
    for (const c of cols) {
      const th = el('th', { scope: 'col', title: c, text: HEADERS[c] || c });
      if (machineOnly(c, out.o)) th.className = 'machine';
      head.append(th);
    }
    t.append(el('thead', {}, head));
    const body = el('tbody');
    rows.forEach((row, k) => {
      const tr = el('tr', { 'data-row': String(rowIds[k]) });
      row.forEach(([v, txt], j) => {
        const td = el('td', { 'data-column': cols[j], 'data-value': v, 'data-label': HEADERS[cols[j]] || cols[j], text: txt });
        if (v !== txt && v !== '') td.title = v;
        if (machineOnly(cols[j], out.o)) td.className = 'machine';
        tr.append(td);
      });
      body.append(tr);
    });
    t.append(body);
    return el('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': caption }, t);
  };
  if (seqTable && out.rows.length) {
    // the summary once, then the table (the CSV repeats the summary on every row)
    const split = out.cols.indexOf('pass_bits') - 1;
    const sumCols = out.cols.slice(0, split), tabCols = out.cols.slice(split);
    const plans = [];
    out.rows.forEach((row, k) => {
      const key = JSON.stringify(row.slice(0, split));
      if (!plans.length || plans[plans.length - 1].key !== key) plans.push({ key, sum: row.slice(0, split), start: k, rows: [] });
      plans[plans.length - 1].rows.push([k, row.slice(split)]);
    });
    for (const p of plans) {
      results.append(tableOf(sumCols, [p.sum], [`summary-${p.start}`], 'The sequential plan'));
      const r = out.raw[p.start];
      if (r && r.error === '') results.append(el('p', { class: 'summary', text: sequentialWords(r) }));
      results.append(tableOf(tabCols, p.rows.map((x) => x[1]), p.rows.map((x) => x[0]),
        "Pass once 'pass at bits' bits show at most 'errors' errors; fail when error 'errors' + 1 comes by 'fail by bits' (0: never)"));
    }
  } else {
    results.append(tableOf(out.cols, out.rows, out.rows.map((_, k) => k), 'Results (hover or copy a cell for its full-precision value)'));
  }
  const all = el('input', { type: 'checkbox', id: 'all-columns' });
  all.checked = results.classList.contains('all');
  all.addEventListener('change', () => results.classList.toggle('all', all.checked));
  results.prepend(el('label', { class: 'all-columns', for: 'all-columns' }, all, document.createTextNode(' all CSV columns (as bercl -f csv)')));
  if (out.truncated) results.append(el('p', { class: 'note', text: `The page shows the first ${MAX_ROWS} rows; the command prints them all.` }));
  for (const n of out.notes) results.append(el('p', { class: 'note', text: `bercl: ${n}` }));
  results.dataset.rows = String(out.rows.length);
}

// print_sequential's lines in words: lengths and times rounded up
function sequentialWords(r) {
  const i = r.in;
  let s = `At most ${fd(r.max_bits)} bits; error ${fd(r.seq_rows)} fails. Expected length ${hNumber(r.expected_bits_good, UP)} bits `
    + `at BER ${g(i.ber / i.ratio, 6)} (good), ${hNumber(r.expected_bits_bad, UP)} bits at BER ${g(i.ber, 6)} (bad); the fixed plan: ${fd(r.fixed_bits)} bits.`;
  if (present(i.rate)) {
    const t = (b) => hDuration(b / (i.rate * lanesOf(i)), UP);
    s += ` Expected time ${t(r.expected_bits_good)} (good), ${t(r.expected_bits_bad)} (bad); at most ${t(r.max_bits)}; the fixed plan: ${t(r.fixed_bits)}.`;
  }
  return s;
}

// ---- plots (SVG drawn here) ----

const SVGNS = 'http://www.w3.org/2000/svg';
function svgEl(tag, attrs = {}, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Axes and curves: series [{label, pts: [[x, y]]}], x logarithmic if logx.
function drawPlot(title, xlabel, ylabel, series, opts = {}) {
  const box = document.getElementById('plot');
  const W = Math.max(340, Math.min(640, box.clientWidth || 640)), H = W < 480 ? 300 : 360, L = 58, R = 14, T = 28, B = 48;
  const xs = series.flatMap((s) => s.pts.map((p) => p[0])).filter((v) => v > 0 || !opts.logx);
  if (!xs.length) return null;
  let x0 = Math.min(...xs), x1 = Math.max(...xs);
  const fx = opts.logx ? Math.log10 : (v) => v;
  if (fx(x1) - fx(x0) < 1e-9) { x1 = opts.logx ? x0 * 10 : x0 + 1; }
  const px = (v) => L + (fx(v) - fx(x0)) / (fx(x1) - fx(x0)) * (W - L - R);
  // y: a probability from 0 to 1, or (logy) its log10 given directly, so
  // that values below the double range still have a place
  let py = (v) => T + (1 - v) * (H - T - B), y0 = 0, y1 = 1;
  if (opts.logy) {
    const ys = series.flatMap((s) => s.pts.map((p) => p[1])).filter(Number.isFinite);
    if (!ys.length) return null;
    y0 = Math.floor(Math.min(...ys)); y1 = Math.min(0, Math.ceil(Math.max(...ys)));
    if (y1 - y0 < 1) y0 = y1 - 1;
    py = (v) => T + (y1 - v) / (y1 - y0) * (H - T - B);
  }
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': title, class: 'plot' });
  svg.append(svgEl('title', {}, title));
  svg.append(svgEl('text', { x: 4, y: 18, class: 'ptitle' }, title));
  const yticks = [];
  if (opts.logy) {
    const step = Math.max(1, Math.ceil((y1 - y0) / 6));
    for (let d = y1; d >= y0; d -= step) yticks.push([d, d === 0 ? '1' : `1e${d}`]);
  } else for (let k = 0; k <= 4; k++) yticks.push([k / 4, `${k * 25} %`]);
  for (const [v, label] of yticks) {
    const y = py(v);
    svg.append(svgEl('line', { x1: L, x2: W - R, y1: y, y2: y, class: 'grid' }));
    svg.append(svgEl('text', { x: L - 6, y: y + 4, class: 'tick', 'text-anchor': 'end' }, label));
  }
  const ticks = [];
  if (opts.logx) {
    for (let d = Math.ceil(Math.log10(x0) - 1e-9); d <= Math.floor(Math.log10(x1) + 1e-9); d++) ticks.push([10 ** d, `1e${d}`]);
  } else {
    const span = x1 - x0, step = 10 ** Math.floor(Math.log10(span / 4));
    const st = [1, 2, 5, 10].map((m) => m * step).find((s) => span / s <= 6) || step * 10;
    const label = (v) => {
      if (v === 0 || Math.abs(v) < 1e5) return String(+v.toPrecision(6));
      const e = Math.floor(Math.log10(Math.abs(v)) + 1e-12);
      return `${+(v / 10 ** e).toPrecision(3)}e${e}`;
    };
    for (let v = Math.ceil(x0 / st) * st; v <= x1 + 1e-9 * st; v += st) ticks.push([v, label(v)]);
  }
  for (const [v, s] of ticks) {
    const x = px(v);
    svg.append(svgEl('line', { x1: x, x2: x, y1: T, y2: H - B, class: 'grid' }));
    const anchor = x > W - R - 24 ? 'end' : x < L + 24 ? 'start' : 'middle';
    svg.append(svgEl('text', { x: anchor === 'end' ? W - R : x, y: H - B + 16, class: 'tick', 'text-anchor': anchor }, s));
  }
  svg.append(svgEl('rect', { x: L, y: T, width: W - L - R, height: H - T - B, class: 'frame' }));
  svg.append(svgEl('text', { x: (L + W - R) / 2, y: H - 10, class: 'axis', 'text-anchor': 'middle' }, xlabel));
  svg.append(svgEl('text', { x: 14, y: (T + H - B) / 2, class: 'axis', 'text-anchor': 'middle',
    transform: `rotate(-90 14 ${(T + H - B) / 2})` }, ylabel));
  if (opts.hline !== undefined) {
    const y = py(opts.hline);
    svg.append(svgEl('line', { x1: L, x2: W - R, y1: y, y2: y, class: 'target' }));
  }
  if (opts.vlines) for (const [v, label] of opts.vlines) {
    if (v < x0 || v > x1) continue;
    const x = px(v);
    svg.append(svgEl('line', { x1: x, x2: x, y1: T, y2: H - B, class: 'target' }));
    svg.append(svgEl('text', { x: x + 4, y: T + 12, class: 'tick' }, label));
  }
  series.forEach((s, k) => {
    const d = s.pts.filter((p) => !opts.logx || p[0] > 0).map((p, j) => `${j ? 'L' : 'M'}${px(p[0]).toFixed(1)},${py(p[1]).toFixed(1)}`).join('');
    svg.append(svgEl('path', { d, class: `curve c${k % 6}` }));
    const last = s.pts[s.pts.length - 1];
    if ((series.length > 1 || opts.legend) && last) {
      const y = H - B - 10 - 16 * (series.length - 1 - k);
      svg.append(svgEl('text', { x: W - R - 8, y, class: `legend t${k % 6}`, 'text-anchor': 'end' }, s.label));
    }
  });
  return svg;
}

// CL against test time for the rows' errors (cl, bits, errors): Poisson or
// binomial CL through the library at 121 test lengths.
function plot(out) {
  const o = out.o, box = $('#plot');
  const ok = out.raw.filter((r) => r.error === '');
  if (!ok.length) return;
  if (['cl', 'bits', 'errors'].includes(o.cmd) && !o.lanes) {
    const r0 = ok[0];
    const ber = r0.in.ber;
    const rate = present(r0.in.rate) ? r0.in.rate * lanesOf(r0.in) : NaN;
    const errs = [...new Set(ok.filter((r) => r.in.ber === ber && present(r.in.errors)).map((r) => r.in.errors))].slice(0, 6);
    if (!errs.length || !(ber > 0)) return;
    const bitsMax = Math.max(...ok.filter((r) => present(r.bits)).map((r) => r.bits)) * 1.5;
    if (!(bitsMax > 0)) return;
    const model = r0.in.model;
    const series = errs.map((e) => {
      const pts = [[0, 0]];
      for (let k = 1; k <= 120; k++) {
        let n = bitsMax * k / 120;
        if (model === 1) n = Math.max(Math.ceil(n), e + 1);
        if (X.web_cl(model, e, n, ber) === 0) pts.push([present(rate) ? n / rate : n, nums()[0]]);
      }
      return { label: `${fd(e)} ${e === 1 ? 'error' : 'errors'}`, pts };
    });
    const target = present(r0.in.cl) ? r0.in.cl : present(r0.in.require) ? r0.in.require : undefined;
    const marks = ok.filter((r) => present(r.bits) && r.in.ber === ber).slice(0, 6)
      .map((r) => [present(rate) ? r.bits / rate : r.bits, '']);
    const svg = drawPlot(`CL that BER < ${fd(ber)} against test ${present(rate) ? 'time' : 'length'}`,
      present(rate) ? 'test time (s)' : 'bits tested', 'CL', series, { hline: target, vlines: marks, legend: true });
    if (svg) box.append(svg);
  } else if (o.cmd === 'fec' && (o.text.ber !== undefined || o.text.cer !== undefined) && o.text.codewords === undefined) {
    // CER against the pre-FEC BER for this code, log-log, from the logarithm
    const c = o.code;
    X.web_rs_code(c.nn, c.kk, c.mm);
    const bers = ok.map((r) => (present(r.in.ber) ? r.in.ber : r.ber_max)).filter((b) => b > 0);
    if (!bers.length) return;
    const lo = Math.max(1e-300, Math.min(...bers) / 30), hi = Math.min(0.5, Math.max(...bers) * 30);
    const pts = [];
    for (let k = 0; k <= 120; k++) {
      const b = lo * (hi / lo) ** (k / 120);
      if (X.web_fec_rates(b) === 0) { const n = nums(); pts.push([b, (n[2] + n[3]) / Math.LN10]); }
    }
    const target = o.text.cer !== undefined ? ok.map((r) => r.in.cer).filter(present) : [];
    const svg = drawPlot(`CER behind ${c.name} (t = ${c.t}) against the pre-FEC BER`, 'pre-FEC BER', 'CER',
      [{ label: 'CER', pts }], { logx: true, logy: true, vlines: bers.slice(0, 6).map((b) => [b, '']),
        hline: target.length ? Math.log10(target[0]) : undefined });
    if (svg) box.append(svg);
  } else if (o.cmd === 'plan') {
    // the chance to pass against the true BER, for the first plan
    const r0 = ok[0];
    const ber = r0.in.ber;
    const pts = [];
    const seq = r0.in.sequential;
    const key = [ber, r0.in.alpha, r0.in.clc, r0.in.ratio].join();
    if (seq && key !== lastDesign) {
      if (X.web_plan_sequential(ber, r0.in.alpha, r0.in.clc, r0.in.ratio) !== 0) return;
      lastDesign = key;
    }
    const n = seq ? 60 : 100; // a sequential outcome costs a pass over its table
    for (let k = 0; k <= n; k++) {
      const b = ber * 10 ** (-2 + 3 * k / n);
      if (!(b < 1)) continue;
      if (seq) { if (X.web_seq_outcome(b) === 0) pts.push([b, nums()[0]]); } else if (X.web_cl(0, r0.in.errors, r0.bits, b) === 0) pts.push([b, nums()[1]]);
    }
    const svg = drawPlot(`P(pass) against the true BER, ${seq ? 'sequential' : 'fixed'} plan`, 'true BER', 'P(pass)',
      [{ label: 'P(pass)', pts }], { logx: true, vlines: [[ber / r0.in.ratio, 'good'], [ber, 'bad']] });
    if (svg) box.append(svg);
  }
}

const saved = {}; // each question's form as the user left it (this page only, never stored)
function selectQuestion(qname, state, push) {
  // (the form the page loads with belongs to no question: saved as bits' own,
  // it opened the bare page and the bits tab on an empty form's error)
  if (current && $('#form').elements.length) saved[current] = formState();
  if (!state && saved[qname]) state = saved[qname];
  current = qname;
  for (const b of document.querySelectorAll('#tabs [role=tab]')) {
    const on = b.dataset.q === qname;
    b.setAttribute('aria-selected', on ? 'true' : 'false');
    b.tabIndex = on ? 0 : -1;
  }
  $('#title').textContent = QUESTIONS[qname].title;
  buildForm(qname, state || QUESTIONS[qname].example);
  run(push);
}

function setup() {
  const tabs = $('#tabs');
  const names = Object.keys(QUESTIONS);
  for (const q of names) {
    const b = el('button', { type: 'button', role: 'tab', 'data-q': q, id: `tab-${q}`, 'aria-controls': 'panel', text: q });
    b.addEventListener('click', () => { if (q !== current) selectQuestion(q); });
    tabs.append(b);
  }
  tabs.addEventListener('keydown', (e) => {
    const k = names.indexOf(current);
    let n = null;
    if (e.key === 'ArrowRight') n = (k + 1) % names.length;
    else if (e.key === 'ArrowLeft') n = (k + names.length - 1) % names.length;
    else if (e.key === 'Home') n = 0;
    else if (e.key === 'End') n = names.length - 1;
    if (n === null) return;
    e.preventDefault();
    selectQuestion(names[n]);
    $(`#tab-${names[n]}`).focus();
  });
  $('#form').addEventListener('submit', (e) => { e.preventDefault(); run(); });
  $('#form').addEventListener('keydown', (e) => { if (e.key === 'Enter' && e.target.tagName === 'INPUT') { e.preventDefault(); run(); } });
  $('#form').addEventListener('change', () => run());
  $('#copy-link').addEventListener('click', () => {
    const url = location.href;
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
    $('#link-note').textContent = 'The address bar holds this form: copy it to share the result.';
  });
  $('#results').addEventListener('copy', (e) => {
    // copying cells gives their full-precision values, tab-separated
    const sel = document.getSelection();
    const cells = [...document.querySelectorAll('#results td')].filter((td) => sel.containsNode(td, true));
    if (!cells.length) return;
    const lines = [];
    let tr = null;
    for (const td of cells) {
      if (td.parentNode !== tr) { lines.push([]); tr = td.parentNode; }
      lines[lines.length - 1].push(td.dataset.value);
    }
    e.clipboardData.setData('text/plain', lines.map((l) => l.join('\t')).join('\n'));
    e.preventDefault();
  });
  const p = new URLSearchParams(location.search);
  const q = questionFromQuery(p);
  const state = {};
  let any = false;
  const left = [];
  for (const [k, v] of p) {
    if (k === 'cmd') continue;
    if (QUESTIONS[q].fields.includes(k)) { state[k] = v; any = true; } else left.push(k);
  }
  selectQuestion(q, any || p.has('cmd') ? state : null, false);
  // a link the page cannot answer in full says so, rather than answer another question
  let why = '';
  if (p.has('cmd') && !QUESTIONS[p.get('cmd')])
    why = `'${p.get('cmd')}' is for the command: the page answers cl, bits, ber, errors, plan, fec and cl --lane-errors`;
  else if (left.length)
    why = `${left.map((k) => `--${k}`).join(', ')}: not in the page's ${q} form (give ${QUESTIONS[q].fields.join(', ')}), left out`;
  if (why) {
    const m = $('#message');
    m.textContent = `bercl: ${why}`;
    m.hidden = false;
    document.body.dataset.state = 'error';
  }
}

// The module is inlined as base64 (bercl-wasm.js), so that the page works
// from a local folder, where browsers refuse to fetch a file:// URL.
async function start() {
  const bin = Uint8Array.from(atob(BERCL_WASM), (c) => c.charCodeAt(0));
  const { instance } = await WebAssembly.instantiate(bin, { env: { emscripten_notify_memory_growth() {} } });
  X = instance.exports;
  X._initialize();
  setup();
}
if (typeof window !== 'undefined') start().catch((e) => {
  const m = document.getElementById('message');
  m.textContent = `The calculator could not start: ${e}`;
  m.hidden = false;
});
