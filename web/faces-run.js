// SPDX-License-Identifier: GPL-3.0-or-later
// The page's face for tests/test_faces.py: the WebAssembly module the page
// loads (web/tmp/bercl.wasm, the same bytes web/dist/bercl-wasm.js inlines)
// run by the page's own worker code (web/worker.js) in node, loaded once,
// for many invocations. Standard input: invocations, each
//   "#NPAIRS NFILES\n", the subcommand's line, NPAIRS pairs of lines (a
//   flag's long name and its value, as the page's form sends them), then per
//   file "FLAG\tNAME\tLEN\n" and LEN bytes;
// standard output: per invocation "#STATUS OUTLEN ERRLEN\n", the CSV the
// page shows and downloads, and its message lines (the command's stderr).
'use strict';
const fs = require('fs');
const path = require('path');
const { berclWorker } = require('./worker.js');

function* invocations(buf) {
  let i = 0;
  const line = () => {
    const nl = buf.indexOf(10, i);
    const s = buf.toString('utf8', i, nl);
    i = nl + 1;
    return s;
  };
  while (i < buf.length) {
    const [npairs, nfiles] = line().slice(1).split(' ').map(Number);
    const cmd = line();
    const args = [];
    for (let k = 0; k < npairs; k++) args.push([line(), line()]);
    const files = {};
    for (let k = 0; k < nfiles; k++) {
      const [flag, name, len] = line().split('\t');
      const n = Number(len);
      files[flag] = { name, bytes: new Uint8Array(buf.subarray(i, i + n)) };
      i += n;
    }
    yield { cmd, args, files };
  }
}

async function main() {
  const engine = berclWorker(null);
  await engine.load(fs.readFileSync(path.join(__dirname, 'tmp', 'bercl.wasm')));
  const input = fs.readFileSync(0);
  const chunks = [];
  for (const req of invocations(input)) {
    const out = [], err = [];
    let status = null;
    engine.run({ id: 1, cmd: req.cmd, args: req.args, files: req.files, show: 0, chunk: 100000 }, (m) => {
      for (const b of m.csv) out.push(Buffer.from(b));
      for (const s of m.messages) err.push(Buffer.from(`${s}\n`));
      if (m.status !== undefined) status = m.status;
    });
    const o = Buffer.concat(out), e = Buffer.concat(err);
    chunks.push(Buffer.from(`#${status} ${o.length} ${e.length}\n`), o, e);
  }
  fs.writeSync(1, Buffer.concat(chunks));
}

main().catch((e) => { console.error(`faces-run: ${e.stack || e}`); process.exit(3); });
