#!/usr/bin/env node
// sdk-client.mjs — drives an mcp-world server with the official MCP
// TypeScript SDK Client and checks what a real third-party client sees.
// It expects the world world/testdata/mini.json ("mini-bakery").
//
// Usage:
//   node sdk-client.mjs [--task ID] stdio COMMAND [ARGS...]
//       e.g. node sdk-client.mjs --task invoice-delivered-order \
//              stdio ./mcp-world serve --world world/testdata/mini.json --task invoice-delivered-order
//   node sdk-client.mjs --task ID http BASE_URL
//       BASE_URL is what `mcp-world serve --http` prints (http://127.0.0.1:PORT);
//       the script uses BASE_URL/mcp and BASE_URL/episodes/{id}/mcp.
//
// Environment instead of arguments: MCP_WORLD_TASK (task id),
// MCP_WORLD_URL (http mode) or MCP_WORLD_COMMAND (stdio mode, a JSON array
// of command and arguments). MCP_WORLD_TIMEOUT_MS bounds the whole run
// (default 60000). MCP_WORLD_TOKEN, in http mode, is the server's bearer
// token: every client sends it, and one client checks it is refused (401)
// without it.
//
// --task must name the task the server was started with: it turns on the
// prompt check, and the seed checks (ORD-00002 is "confirmed" in the
// invoice-delivered-order task, absent without a task). HTTP mode needs the
// task, since its isolation checks write to the seeded order.
//
// Prints one line per check ("ok  <check>") to stdout. On the first failed
// check it prints "FAIL <check>: <why>" (and, over stdio, the server's
// stderr) to stderr and exits 1; bad usage exits 2.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const WORLD = 'mini-bakery';
const SEED_TASK = 'invoice-delivered-order';
const TOOLS = ['create_invoice', 'get_order', 'search_customers', 'send_invoice', 'update_order_status'];
const READ_ONLY = { search_customers: true, get_order: true, update_order_status: false, create_invoice: false, send_invoice: false };
const RESOURCES = ['company', 'policies', 'services/billing', 'services/crm'].map((p) => `world://${WORLD}/${p}`);
const REQUEST_TIMEOUT_MS = 15000;
const TOKEN = process.env.MCP_WORLD_TOKEN || '';

// ---------- arguments ----------

function usage(msg) {
  process.stderr.write(`sdk-client: ${msg}
usage: node sdk-client.mjs [--task ID] stdio COMMAND [ARGS...]
       node sdk-client.mjs --task ID http BASE_URL
`);
  process.exit(2);
}

function parseArgs(argv) {
  const o = { task: process.env.MCP_WORLD_TASK || '', mode: '', command: [], url: '' };
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--task') {
      if (i + 1 >= argv.length) usage('--task needs a value');
      o.task = argv[++i];
    } else if (a.startsWith('--task=')) {
      o.task = a.slice('--task='.length);
    } else if (a === '-h' || a === '--help') {
      usage('help');
    } else if (a.startsWith('-')) {
      usage(`unknown flag ${a}`);
    } else {
      break;
    }
  }
  const rest = argv.slice(i);
  if (rest.length === 0) {
    if (process.env.MCP_WORLD_URL) {
      rest.push('http', process.env.MCP_WORLD_URL);
    } else if (process.env.MCP_WORLD_COMMAND) {
      let cmd;
      try {
        cmd = JSON.parse(process.env.MCP_WORLD_COMMAND);
      } catch (e) {
        usage(`MCP_WORLD_COMMAND is not a JSON array: ${e.message}`);
      }
      if (!Array.isArray(cmd) || cmd.length === 0) usage('MCP_WORLD_COMMAND must be a non-empty JSON array');
      rest.push('stdio', ...cmd.map(String));
    } else {
      usage('no transport given');
    }
  }
  o.mode = rest[0];
  if (o.mode === 'stdio') {
    o.command = rest.slice(1);
    if (o.command[0] === '--') o.command.shift();
    if (o.command.length === 0) usage('stdio needs a command');
  } else if (o.mode === 'http') {
    if (rest.length !== 2) usage('http needs exactly one BASE_URL');
    let u;
    try {
      u = new URL(rest[1]);
    } catch {
      usage(`bad URL ${rest[1]}`);
    }
    // Accept BASE_URL/mcp too.
    o.url = u.origin + u.pathname.replace(/\/mcp\/?$/, '').replace(/\/$/, '');
    if (!o.task) usage('http mode needs --task (its isolation checks write to the task seed)');
  } else {
    usage(`unknown transport ${JSON.stringify(o.mode)} (want stdio or http)`);
  }
  if (o.task && o.task !== SEED_TASK) usage(`this script knows the seed of task ${SEED_TASK} only, not ${o.task}`);
  return o;
}

// ---------- checks ----------

class CheckError extends Error {}

let serverStderr = null; // () => string, for stdio diagnostics
let checks = 0;

function ok(name, detail) {
  checks++;
  process.stdout.write(`ok   ${name}${detail ? ' — ' + detail : ''}\n`);
}

function fail(name, why) {
  throw new CheckError(`${name}: ${why}`);
}

function assert(cond, name, why) {
  if (!cond) fail(name, why);
}

// check runs one named check; fn returns an optional detail string.
async function check(name, fn) {
  let detail;
  try {
    detail = await fn();
  } catch (e) {
    if (e instanceof CheckError) throw e;
    fail(name, `${e?.name ?? 'Error'}: ${e?.message ?? e}${e?.code !== undefined ? ` (code ${e.code})` : ''}`);
  }
  ok(name, detail);
}

const short = (v) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s && s.length > 300 ? s.slice(0, 300) + '…' : s;
};

// Tap wraps a transport to record the protocol version the server chose in
// its initialize result (the SDK keeps it only on HTTP transports).
class Tap {
  constructor(inner) {
    this.inner = inner;
    this.protocolVersion = undefined;
  }
  async start() {
    this.inner.onmessage = (msg, extra) => {
      if (msg && msg.result && typeof msg.result.protocolVersion === 'string' && msg.result.serverInfo) {
        this.protocolVersion = msg.result.protocolVersion;
      }
      this.onmessage?.(msg, extra);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (e) => this.onerror?.(e);
    return this.inner.start();
  }
  send(msg, opts) {
    return this.inner.send(msg, opts);
  }
  close() {
    return this.inner.close();
  }
  get sessionId() {
    return this.inner.sessionId;
  }
  setProtocolVersion(v) {
    this.inner.setProtocolVersion?.(v);
  }
}

const opts = { timeout: REQUEST_TIMEOUT_MS };
const clients = [];
let closing = false; // set while closing: aborted streams are expected then

function noteError(label, e) {
  if (!closing) process.stderr.write(`note ${label}: client error: ${e?.message ?? e}\n`);
}

async function connect(label, transport) {
  const client = new Client({ name: 'mcp-world-interop', version: '1.0.0' });
  // Transport noise (e.g. a refused GET stream) is not a failure by itself,
  // but say what it was.
  client.onerror = (e) => noteError(label, e);
  const tap = new Tap(transport);
  await check(`${label}: initialize`, async () => {
    await client.connect(tap, opts);
    const info = client.getServerVersion();
    assert(info && info.name, `${label}: initialize`, `no serverInfo: ${short(info)}`);
    assert(tap.protocolVersion, `${label}: initialize`, 'no protocol version seen in the initialize result');
    // The SDK validates structuredContent against a tool's outputSchema
    // only once it has listed the tools: list them on every client.
    await client.listTools(undefined, opts);
    const sid = transport.sessionId ? `, session ${transport.sessionId}` : '';
    return `server ${info.name} ${info.version ?? ''}, protocol ${tap.protocolVersion}${sid}`;
  });
  clients.push({ client, transport });
  return client;
}

function textOf(result) {
  return (result.content ?? [])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
}

// getOrderStatus calls get_order and returns structuredContent.status (the
// SDK has already validated structuredContent against the outputSchema).
async function getOrderStatus(client, id) {
  const r = await client.callTool({ name: 'get_order', arguments: { order_id: id } }, undefined, opts);
  if (r.isError) throw new CheckError(`get_order ${id} failed: ${short(textOf(r))}`);
  if (!r.structuredContent) throw new CheckError(`get_order ${id}: no structuredContent`);
  return r.structuredContent.status;
}

function expectReadableError(name, r, ...words) {
  assert(r.isError === true, name, `want isError true, got ${short(r)}`);
  const text = textOf(r);
  assert(text.trim().length > 0, name, 'isError result has no text content');
  for (const w of words) assert(text.includes(w), name, `message does not mention ${JSON.stringify(w)}: ${short(text)}`);
  assert(!/&\{|map\[|0x[0-9a-f]{6,}|goroutine|panic:|\bnil\b/.test(text), name, `message looks like Go internals: ${short(text)}`);
  return text;
}

// basic runs the checks that make sense on any one connection.
async function basic(label, client, task) {
  await check(`${label}: capabilities`, async () => {
    const caps = client.getServerCapabilities() ?? {};
    assert(caps.tools, `${label}: capabilities`, `no tools capability: ${short(caps)}`);
    assert(caps.resources, `${label}: capabilities`, `no resources capability: ${short(caps)}`);
    if (task) assert(caps.prompts, `${label}: capabilities`, `task given but no prompts capability: ${short(caps)}`);
    return Object.keys(caps).sort().join(', ');
  });

  await check(`${label}: tools/list`, async () => {
    const { tools } = await client.listTools(undefined, opts);
    const names = tools.map((t) => t.name).sort();
    assert(JSON.stringify(names) === JSON.stringify(TOOLS), `${label}: tools/list`, `tool names ${short(names)}, want ${short(TOOLS)}`);
    for (const t of tools) {
      const where = `${label}: tools/list ${t.name}`;
      assert(t.inputSchema && t.inputSchema.type === 'object', where, `inputSchema missing or not an object schema: ${short(t.inputSchema)}`);
      assert(t.outputSchema && t.outputSchema.type === 'object', where, `outputSchema missing or not an object schema: ${short(t.outputSchema)}`);
      assert(t.annotations && typeof t.annotations.readOnlyHint === 'boolean', where, `annotations.readOnlyHint is not a boolean: ${short(t.annotations)}`);
      assert(t.annotations.readOnlyHint === READ_ONLY[t.name], where, `readOnlyHint ${t.annotations.readOnlyHint}, want ${READ_ONLY[t.name]}`);
      assert(typeof t.description === 'string' && t.description.length > 0, where, 'no description');
    }
    return names.join(', ');
  });

  await check(`${label}: tools/call search_customers (outputSchema validated by the SDK)`, async () => {
    const r = await client.callTool({ name: 'search_customers', arguments: { query: 'adlon' } }, undefined, opts);
    assert(!r.isError, `${label}: search_customers`, `isError: ${short(textOf(r))}`);
    const s = JSON.stringify(r.structuredContent ?? {});
    assert(s.includes('CUS-0002'), `${label}: search_customers`, `CUS-0002 not found in ${short(s)}`);
    return 'found CUS-0002';
  });

  if (task) {
    await check(`${label}: tools/call get_order ORD-00002 (task seed)`, async () => {
      const status = await getOrderStatus(client, 'ORD-00002');
      assert(status === 'confirmed', `${label}: get_order`, `structuredContent.status ${JSON.stringify(status)}, want "confirmed"`);
      return 'status confirmed';
    });
  } else {
    await check(`${label}: tools/call get_order ORD-00002 (no task: absent)`, async () => {
      const r = await client.callTool({ name: 'get_order', arguments: { order_id: 'ORD-00002' } }, undefined, opts);
      return short(expectReadableError(`${label}: get_order`, r, 'ORD-00002'));
    });
  }

  await check(`${label}: tools/call update_order_status with a bad status`, async () => {
    const r = await client.callTool(
      { name: 'update_order_status', arguments: { order_id: 'ORD-00002', status: 'teleported' } },
      undefined,
      opts,
    );
    return short(expectReadableError(`${label}: update_order_status bad status`, r, 'status', 'delivered'));
  });

  await check(`${label}: resources/list`, async () => {
    const { resources } = await client.listResources(undefined, opts);
    const uris = resources.map((r) => r.uri);
    for (const u of RESOURCES) assert(uris.includes(u), `${label}: resources/list`, `missing ${u} in ${short(uris)}`);
    return `${uris.length} resources`;
  });

  await check(`${label}: resources/read world://${WORLD}/policies`, async () => {
    const r = await client.readResource({ uri: `world://${WORLD}/policies` }, opts);
    const text = (r.contents ?? []).map((c) => c.text ?? '').join('\n');
    assert(text.includes('Delivered orders are invoiced'), `${label}: resources/read`, `policy text not found in ${short(text)}`);
    return `${text.length} chars`;
  });

  if (task) {
    await check(`${label}: prompts/get task`, async () => {
      const { prompts } = await client.listPrompts(undefined, opts);
      assert(prompts.some((p) => p.name === 'task'), `${label}: prompts/list`, `no "task" prompt in ${short(prompts.map((p) => p.name))}`);
      const r = await client.getPrompt({ name: 'task' }, opts);
      const text = (r.messages ?? []).map((m) => m.content?.text ?? '').join('\n');
      assert(text.includes('ORD-00002'), `${label}: prompts/get`, `task prompt does not mention ORD-00002: ${short(text)}`);
      return `${r.messages.length} message(s)`;
    });
  }
}

// solve runs the task's reference solution; every result's structuredContent
// goes through the SDK's outputSchema validation (issued_at null, then set).
async function solve(label, client) {
  await check(`${label}: solution (update, create_invoice, send_invoice; outputs validated)`, async () => {
    const call = async (name, args) => {
      const r = await client.callTool({ name, arguments: args }, undefined, opts);
      if (r.isError) throw new CheckError(`${label}: ${name} failed: ${short(textOf(r))}`);
      if (!r.structuredContent) throw new CheckError(`${label}: ${name}: no structuredContent`);
      return r.structuredContent;
    };
    const o = await call('update_order_status', { order_id: 'ORD-00002', status: 'delivered' });
    assert(o.status === 'delivered', `${label}: solution`, `order status ${o.status}`);
    const inv = await call('create_invoice', { order_ref: 'ORD-00002', customer_email: 'kueche@adlon.example', amount_cents: 12550 });
    assert(inv.status === 'draft' && inv.issued_at === null, `${label}: solution`, `new invoice ${short(inv)}`);
    const sent = await call('send_invoice', { invoice_id: inv.id });
    assert(sent.status === 'sent' && typeof sent.issued_at === 'string', `${label}: solution`, `sent invoice ${short(sent)}`);
    return `${inv.id} sent`;
  });
}

async function runStdio(o) {
  const [command, ...args] = o.command;
  const transport = new StdioClientTransport({ command, args, stderr: 'pipe' });
  let errText = '';
  transport.stderr?.on('data', (b) => {
    errText += b.toString();
    if (errText.length > 64 * 1024) errText = errText.slice(-64 * 1024);
  });
  serverStderr = () => errText;
  const client = await connect('stdio', transport);
  await basic('stdio', client, o.task);
  if (o.task) {
    await solve('stdio', client);
    await check('stdio: get_order ORD-00002 after the solution', async () => {
      const s = await getOrderStatus(client, 'ORD-00002');
      assert(s === 'delivered', 'stdio: get_order', `status ${s}, want delivered`);
      return 'status delivered';
    });
  }
}

async function runHTTP(o) {
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const ep = (id) => new URL(`${o.url}/episodes/${id}/mcp`);
  const plain = new URL(`${o.url}/mcp`);
  const auth = TOKEN ? { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } } : undefined;
  const httpT = (u) => new StreamableHTTPClientTransport(u, auth);

  if (TOKEN) {
    await check('http auth: a client without the token is refused with 401', async () => {
      const c = new Client({ name: 'mcp-world-interop', version: '1.0.0' });
      c.onerror = () => {};
      try {
        await c.connect(new StreamableHTTPClientTransport(ep(`noauth-${run}`)), opts);
      } catch (e) {
        const why = `${e?.name ?? 'Error'}: ${e?.message ?? e}${e?.code !== undefined ? ` (code ${e.code})` : ''}`;
        assert(/401|unauthori[sz]ed/i.test(why), 'http auth: refused', `refused, but not with 401: ${why}`);
        return short(why);
      }
      fail('http auth: refused', 'connected without the token');
    });
  }

  // The full suite on each endpoint kind.
  const e = await connect(`http ${ep(`suite-${run}`).pathname}`, httpT(ep(`suite-${run}`)));
  await basic(`http episode URL`, e, o.task);
  const p = await connect('http /mcp', httpT(plain));
  await basic('http /mcp', p, o.task);

  // Episode URLs: a write in episode a is not seen in episode b, and is
  // seen by a second client on a's URL.
  const idA = `a-${run}`;
  const idB = `b-${run}`;
  const a = await connect(`http episode a (${ep(idA).pathname})`, httpT(ep(idA)));
  const b = await connect(`http episode b (${ep(idB).pathname})`, httpT(ep(idB)));
  await check('http episodes: write ORD-00002 → delivered in a', async () => {
    const r = await a.callTool({ name: 'update_order_status', arguments: { order_id: 'ORD-00002', status: 'delivered' } }, undefined, opts);
    assert(!r.isError, 'http episodes: write', `isError: ${short(textOf(r))}`);
    assert(r.structuredContent?.status === 'delivered', 'http episodes: write', `result ${short(r.structuredContent)}`);
    const s = await getOrderStatus(a, 'ORD-00002');
    assert(s === 'delivered', 'http episodes: write', `a reads back ${s}`);
    return 'a reads delivered';
  });
  await check('http episodes: b does not see a\'s write', async () => {
    const s = await getOrderStatus(b, 'ORD-00002');
    assert(s === 'confirmed', 'http episodes: isolation', `b sees status ${JSON.stringify(s)}, want "confirmed"`);
    return 'b reads confirmed';
  });
  const a2 = await connect(`http episode a, second client`, httpT(ep(idA)));
  await check('http episodes: a second session on a\'s URL shares its episode', async () => {
    const s = await getOrderStatus(a2, 'ORD-00002');
    assert(s === 'delivered', 'http episodes: shared', `second client on a sees ${JSON.stringify(s)}, want "delivered"`);
    return 'reads delivered';
  });
  await solve('http episode b', b);
  await check('http episodes: b\'s solution is not seen by the suite episode', async () => {
    const s = await getOrderStatus(e, 'ORD-00002');
    assert(s === 'confirmed', 'http episodes: isolation', `suite episode sees ${JSON.stringify(s)}`);
    return 'reads confirmed';
  });

  // Plain /mcp: every MCP session gets its own fresh episode.
  const transportP1 = httpT(plain);
  const p1 = await connect('http /mcp client 1', transportP1);
  const transportP2 = httpT(plain);
  const p2 = await connect('http /mcp client 2', transportP2);
  await check('http /mcp: the two clients have different sessions', async () => {
    assert(transportP1.sessionId && transportP2.sessionId, 'http /mcp: sessions', `missing Mcp-Session-Id: ${transportP1.sessionId}, ${transportP2.sessionId}`);
    assert(transportP1.sessionId !== transportP2.sessionId, 'http /mcp: sessions', `same session id ${transportP1.sessionId}`);
    return 'distinct Mcp-Session-Id';
  });
  await check('http /mcp: write ORD-00002 → delivered in client 1', async () => {
    const r = await p1.callTool({ name: 'update_order_status', arguments: { order_id: 'ORD-00002', status: 'delivered' } }, undefined, opts);
    assert(!r.isError, 'http /mcp: write', `isError: ${short(textOf(r))}`);
    const s = await getOrderStatus(p1, 'ORD-00002');
    assert(s === 'delivered', 'http /mcp: write', `client 1 reads back ${s}`);
    return 'client 1 reads delivered';
  });
  await check('http /mcp: client 2 does not see client 1\'s write', async () => {
    const s = await getOrderStatus(p2, 'ORD-00002');
    assert(s === 'confirmed', 'http /mcp: isolation', `client 2 sees ${JSON.stringify(s)}, want "confirmed"`);
    return 'client 2 reads confirmed';
  });
  await check('http /mcp: episodes by URL do not see /mcp session writes', async () => {
    const s = await getOrderStatus(e, 'ORD-00002');
    assert(s === 'confirmed', 'http /mcp: isolation', `suite episode sees ${JSON.stringify(s)}`);
    return 'reads confirmed';
  });
  await check('http /mcp: terminating a session (DELETE) then reconnecting gives a fresh episode', async () => {
    const old = transportP1.sessionId;
    p1.onerror = () => {}; // its GET stream is aborted on purpose
    await transportP1.terminateSession();
    await p1.close();
    const t3 = httpT(plain);
    const p3 = new Client({ name: 'mcp-world-interop', version: '1.0.0' });
    p3.onerror = (e) => noteError('http /mcp client 3', e);
    await p3.connect(t3, opts);
    await p3.listTools(undefined, opts);
    clients.push({ client: p3, transport: t3 });
    assert(t3.sessionId && t3.sessionId !== old, 'http /mcp: reconnect', `session id ${t3.sessionId} (old ${old})`);
    const s = await getOrderStatus(p3, 'ORD-00002');
    assert(s === 'confirmed', 'http /mcp: reconnect', `new session sees ${JSON.stringify(s)}, want "confirmed"`);
    return 'new session reads confirmed';
  });
}

async function closeAll() {
  closing = true;
  for (const { client, transport } of clients.reverse()) {
    try {
      if (transport.sessionId && transport.terminateSession) await transport.terminateSession();
    } catch {
      // best effort
    }
    try {
      await client.close();
    } catch {
      // best effort
    }
  }
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const total = Number(process.env.MCP_WORLD_TIMEOUT_MS || 60000);
  const timer = setTimeout(() => {
    process.stderr.write(`FAIL timeout: the checks did not finish in ${total} ms\n`);
    if (serverStderr) process.stderr.write(`--- server stderr ---\n${serverStderr()}\n`);
    process.exit(1);
  }, total);
  timer.unref();
  try {
    if (o.mode === 'stdio') await runStdio(o);
    else await runHTTP(o);
  } catch (e) {
    const msg = e instanceof CheckError ? e.message : `unexpected ${e?.stack ?? e}`;
    process.stderr.write(`FAIL ${msg}\n`);
    if (serverStderr) process.stderr.write(`--- server stderr ---\n${serverStderr()}\n`);
    await Promise.race([closeAll(), new Promise((r) => setTimeout(r, 2000))]);
    process.exit(1);
  }
  await Promise.race([closeAll(), new Promise((r) => setTimeout(r, 5000))]);
  process.stdout.write(`PASS ${o.mode}: ${checks} checks\n`);
  process.exit(0);
}

main();
