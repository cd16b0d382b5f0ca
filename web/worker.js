// SPDX-License-Identifier: GPL-3.0-or-later
// The page's computing thread: the engine (WebAssembly, web/glue.c) runs a
// request here, off the page's thread, and posts its records back as they
// come: the header, rows, message lines, progress, the exit status. The
// page starts it from this function's text (a blob: URL), so that it also
// runs from a local folder (file://), where a worker script cannot be
// fetched. Stop is the page ending the worker. Node loads the same code
// (web/check.js) to run the engine without a browser.
'use strict';

function berclWorker(scope) {
  let X = null;
  const enc = new TextEncoder();
  const dec = new TextDecoder();

  const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
  function mem() { return new Uint8Array(X.memory.buffer); }
  // bytes into the module's memory (web_alloc): its address
  function put(bytes) {
    const p = X.web_alloc(bytes.length);
    mem().set(bytes, p);
    return p;
  }
  function cstr(s) { return put(enc.encode(`${s}\0`)); }
  function str(p) { const m = mem(); let e = p; while (m[e]) e++; return dec.decode(m.subarray(p, e)); }

  // The engine's flag and subcommand tables (web_tables), for the forms.
  function tables() {
    const p = X.web_tables();
    const text = str(p);
    X.web_free(p);
    const flags = [], commands = [], eye = [];
    for (const line of text.split('\n')) {
      if (!line) continue;
      const f = line.split('\t');
      if (line[0] === '!') eye.push({ name: f[0].slice(1), arg: f[1], help: f[2], letter: f[3].trim(), values: null, kind: f[0] === '!input' ? 'file' : 'flag' });
      else if (line[0] === '=') commands.push({ name: f[0].slice(1), usage: f[1].replace(/\x1f/g, '\n'), synopsis: f[2].split('\x1f').filter(Boolean) });
      else {
        flags.push({ name: f[0], arg: f[1], commands: Number(f[2]), values: f[3] ? f[3].split('|') : null, help: f[4],
          letter: f[5].trim(), kind: ['quantity', 'flag', 'file'][Number(f[6])] });
      }
    }
    return { flags, commands, eye };
  }

  // The records web_next left: [{type, fields: [Uint8Array]}]
  function records(w) {
    const at = X.web_out(w), len = X.web_out_len(w);
    const buf = new Uint8Array(X.memory.buffer, at, len).slice();
    X.web_taken(w);
    const dv = new DataView(buf.buffer);
    const out = [];
    let i = 0;
    while (i < len) {
      const type = String.fromCharCode(buf[i]);
      const n = dv.getUint32(i + 1, true);
      i += 5;
      const fields = [];
      for (let k = 0; k < n; k++) {
        const l = dv.getUint32(i, true);
        fields.push(buf.subarray(i + 4, i + 4 + l));
        i += 4 + l;
      }
      out.push({ type, fields });
    }
    return out;
  }

  // One run: req = {id, cmd, args: [[flag, value]], files: {flag: {name, bytes}},
  // show (rows sent as cells), chunk (rows per step)}; each step posts
  // {id, header?, rows, csv, messages, progress, text?, plot?}, the last one
  // with status (eye: text, the command's text format; plot, the bathtub's
  // numbers from engine/eye_plot.c, each a list of strings).
  function run(req, post) {
    const parts = [req.cmd];
    for (const [k, v] of req.args) parts.push(k, v);
    const reqBytes = enc.encode(`${parts.join('\0')}\0`);
    const w = X.web_new();
    for (const [flag, f] of Object.entries(req.files || {})) {
      const fp = cstr(flag), np = cstr(f.name);
      X.web_file(w, fp, np, put(f.bytes), f.bytes.length);
      X.web_free(fp);
      X.web_free(np);
    }
    let st = X.web_start(w, put(reqBytes), reqBytes.length);
    let shown = 0;
    const show = req.show === undefined ? 2000 : req.show;
    for (;;) {
      const msg = { id: req.id, rows: [], csv: [], messages: [], progress: X.web_progress(w) };
      for (const r of records(w)) {
        if (r.type === 'M') msg.messages.push(dec.decode(r.fields[0]));
        else if (r.type === 'T') msg.text = dec.decode(r.fields[0]);
        else if (r.type === 'P') (msg.plot = msg.plot || []).push(r.fields.map((f) => dec.decode(f)));
        else if (r.type === 'H') {
          msg.csv.push(r.fields[0]);
          const shownMask = dec.decode(r.fields[1]);
          msg.header = r.fields.slice(2).map((f, k) => ({ name: dec.decode(f), text: shownMask[k] === '1' }));
        } else if (r.type === 'R') {
          msg.csv.push(r.fields[0]);
          if (shown < show) {
            const n = (r.fields.length - 1) / 2;
            msg.rows.push({ value: r.fields.slice(1, 1 + n).map((f) => dec.decode(f)),
              text: r.fields.slice(1 + n).map((f) => dec.decode(f)) });
            shown++;
          }
          msg.count = (msg.count || 0) + 1;
        }
      }
      // the CSV lines as one block: one object per step, not one per row
      const size = msg.csv.reduce((n, b) => n + b.length, 0);
      const block = new Uint8Array(size);
      let at = 0;
      for (const b of msg.csv) { block.set(b, at); at += b.length; }
      msg.csv = size ? [block] : [];
      if (st >= 0) msg.status = st;
      post(msg);
      if (st >= 0) break;
      // steps of `chunk` rows for up to a tenth of a second, then a post: the page gets
      // at most ten messages a second, however quick the rows
      const t0 = now();
      do st = X.web_next(w, req.chunk || 50); while (st < 0 && now() - t0 < 100 && shown >= show);
    }
    X.web_end(w);
  }

  async function load(module) {
    // the module's one import (glue.c reads and writes memory only)
    const imports = { env: { emscripten_notify_memory_growth() {} } };
    const got = await WebAssembly.instantiate(module, imports); // a Module, or bytes (node)
    X = (got.instance || got).exports;
    if (X._initialize) X._initialize();
  }

  if (scope) {
    scope.onmessage = async (e) => {
      const m = e.data;
      if (m.module) {
        await load(m.module);
        scope.postMessage({ ready: true, tables: tables() });
      } else if (m.run) {
        run(m.run, (msg) => scope.postMessage(msg, msg.csv.map((b) => b.buffer)));
      }
    };
  }
  return { load, run, tables };
}

if (typeof module !== 'undefined') module.exports = { berclWorker };
