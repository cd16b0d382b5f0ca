// SPDX-License-Identifier: GPL-3.0-or-later
// make check-web, after check.js: the page's engine (the WebAssembly module
// and worker code the page runs, in node) against the command on the
// whole-number searches that drifted apart once (three faces, three
// searches): tests/data/least_bits_ref.csv, mpmath's least whole number of
// bits at 60 digits for 20,000 points of both models with CLs typed as
// decimals (tests/data/gen_least_bits_ref.py), as one batch through both,
// and the drift case 83115068219. Python's face meets the same table in
// tests/test_python.py. Then simulate's tables for several seeds: the
// engine's own random stream gives the command's CSV byte for byte.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { berclWorker } = require('./worker.js');

const root = path.resolve(__dirname, '..');

function csvRows(text) {
  const lines = text.toString().split('\n').filter((l) => l);
  const head = lines[0].split(',');
  return lines.slice(1).map((l) => {
    const cells = l.split(',');
    const r = {};
    head.forEach((h, i) => { r[h] = cells[i]; });
    return r;
  });
}

async function main() {
  const engine = berclWorker(null);
  await engine.load(fs.readFileSync(path.join(root, 'web', 'tmp', 'bercl.wasm')));
  const page = (cmd, args, files) => {
    const out = [], messages = [];
    let status = null;
    engine.run({ id: 1, cmd, args, files: files || {}, show: 0, chunk: 5000 }, (m) => {
      for (const b of m.csv) out.push(Buffer.from(b));
      messages.push(...m.messages);
      if (m.status !== undefined) status = m.status;
    });
    return { out: Buffer.concat(out), messages, status };
  };
  const failures = [];

  // the drift case: the least whole number, in the page as in the command
  const drift = page('bits', [['errors', '17'], ['ber', '1.5470520429205029e-11'], ['cl', '4.27438e-15'], ['model', 'binomial']]);
  const driftBits = csvRows(drift.out)[0].bits;
  if (driftBits !== '83115068219') failures.push(`drift case: the page gives ${driftBits}, not 83115068219`);

  // the table as one batch
  const ref = csvRows(fs.readFileSync(path.join(root, 'tests', 'data', 'least_bits_ref.csv')));
  const batch = Buffer.from('model,errors,ber,cl\n' + ref.map((r) => `${r.model},${r.errors},${r.ber},${r.cl}`).join('\n') + '\n');
  const p = page('bits', [['input', 'least_bits.csv']], { input: { name: 'least_bits.csv', bytes: batch } });
  const c = spawnSync(path.join(root, 'bercl'), ['bits', '-i', '-', '-f', 'csv'], { input: batch, maxBuffer: 1 << 28, env: { ...process.env, LC_ALL: 'C' } });
  if (p.status !== c.status) failures.push(`batch: page status ${p.status}, command ${c.status}`);
  if (Buffer.compare(p.out, c.stdout) !== 0) failures.push('batch: the page\'s CSV is not the command\'s, byte for byte');
  const rows = csvRows(p.out);
  if (rows.length !== ref.length) failures.push(`batch: ${rows.length} rows for ${ref.length} points`);
  let exact = 0, wrong = 0;
  for (let i = 0; i < ref.length && i < rows.length; i++) {
    // binomial answers above 2^53 bits: 4 of 330 points sit one double off a
    // tie (tests/test_python.py says why); every other answer is mpmath's
    if (ref[i].model === 'binomial' && Number(ref[i].bits) > 2 ** 53) continue;
    exact++;
    if (rows[i].bits !== ref[i].bits) {
      if (wrong++ < 5) failures.push(`point ${i + 1}: the page gives ${rows[i].bits}, mpmath ${ref[i].bits}`);
    }
  }
  console.log(`web faces: drift case ${driftBits}; ${rows.length} least-bits points through the page's engine and the command, the same CSV byte for byte; ${exact - wrong} of ${exact} equal mpmath's least whole number`);

  // simulate: the engine's own random stream (engine/random.c) in the page
  // as in the command, so that a seed gives the same table byte for byte:
  // both models (Poisson by inversion and PTRS; binomial by inversion, BTRS
  // and, above 2^32 bits, geometric gaps), a sweep, plans fixed and
  // sequential (looked at every B bits too), and bursts
  const sims = [
    [['errors', '0'], ['bits', '3T'], ['ber', '1e-12'], ['trials', '100000']],
    [['errors', '30'], ['bits', '2.5e13'], ['ber', '1e-12'], ['trials', '100000']],
    [['errors', '0..8'], ['bits', '3T'], ['ber', '1e-12'], ['trials', '20000']],
    [['errors', '1'], ['bits', '3e6'], ['ber', '1e-6'], ['trials', '50000'], ['model', 'binomial']],
    [['errors', '40'], ['bits', '4e9'], ['ber', '1e-8'], ['trials', '50000'], ['model', 'binomial']],
    [['errors', '2'], ['bits', '5e12'], ['ber', '1e-12'], ['trials', '20000'], ['model', 'binomial']],
    [['ber', '1e-12'], ['cl', '95%'], ['alpha', '5%'], ['ratio', '2'], ['trials', '20000']],
    [['ber', '1e-12'], ['cl', '95%'], ['alpha', '5%'], ['ratio', '2'], ['sequential', '1'], ['trials', '20000']],
    [['ber', '1e-12'], ['cl', '95%'], ['alpha', '5%'], ['ratio', '4'], ['sequential', '1'], ['reading-interval', '1e11'], ['trials', '5000']],
    [['burst-model', 'gilbert-elliott'], ['burst-length', '5'], ['burst-share', '0.5'], ['errors', '3'], ['bits', '1e13'], ['ber', '1e-12'], ['reading-interval', '5e11'], ['trials', '3000']],
  ];
  let simCases = 0;
  for (const seed of ['1', '42', '0', '4294967295']) {
    for (const args of sims) {
      const a = [...args, ['seed', seed]];
      const argv = ['simulate'];
      for (const [k, v] of a) { argv.push(`--${k}`); if (k !== 'sequential') argv.push(v); }
      const pg = page('simulate', a);
      const cl = spawnSync(path.join(root, 'bercl'), [...argv, '-f', 'csv'], { env: { ...process.env, LC_ALL: 'C' } });
      const what = `bercl ${argv.join(' ')}`;
      if (cl.status !== 0) failures.push(`${what}: the command exits ${cl.status}: ${cl.stderr}`);
      if (pg.status !== cl.status) failures.push(`${what}: page status ${pg.status}, command ${cl.status} (${pg.messages.join(' / ')})`);
      else if (Buffer.compare(pg.out, cl.stdout) !== 0) failures.push(`${what}: the page's CSV\n${pg.out}is not the command's\n${cl.stdout}`);
      simCases++;
    }
  }
  console.log(`web faces: simulate, ${simCases} runs (4 seeds; both models, a sweep, plans, bursts) through the page's engine and the command, the same CSV byte for byte`);
  if (failures.length) {
    for (const f of failures) console.log(`FAIL ${f}`);
    process.exit(1);
  }
}

main().catch((e) => { console.error(`web faces: ${e.stack || e}`); process.exit(1); });
