// Prints the side-by-side table of bench/anchor.sh from its output folder:
// medians over the repetitions, (min–max), and the ratio to the TypeScript
// reference.
//   node bench/anchor-table.mjs OUT
import { readFileSync, existsSync } from 'node:fs';

const out = process.argv[2];
const lines = (f) => existsSync(`${out}/${f}`)
  ? readFileSync(`${out}/${f}`, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
const stdio = lines('stdio.jsonl');
const http = lines('http.jsonl');
const inproc = existsSync(`${out}/inprocess.txt`) ? readFileSync(`${out}/inprocess.txt`, 'utf8') : '';

const median = (xs) => {
  const s = xs.filter((x) => x != null && !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const range = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  return s.length > 1 ? ` (${fmt(s[0])}–${fmt(s[s.length - 1])})` : '';
};
const fmt = (x) => x == null ? '–' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(x >= 1 ? 2 : 3);
const vals = (label, measure, field) => stdio.filter((r) => r.label === label && r.measure === measure).map((r) => r[field]);
// HTTP figures per rep, from the rep's slices together (bench/anchor.sh
// alternates the two servers in short slices): calls/s is all the slices'
// calls over all their time, CPU per call all their CPU over all their calls.
const sum = (rs, f) => rs.reduce((a, r) => a + (r[f] ?? 0), 0);
const hreps = (label) => {
  const by = new Map();
  for (const r of http.filter((r) => r.label === label)) by.set(r.rep, [...(by.get(r.rep) ?? []), r]);
  return [...by.values()];
};
const hfigures = {
  calls_per_s: (rs) => sum(rs, 'calls') / sum(rs, 'elapsed_s'),
  server_cpu_us_per_call: (rs) => sum(rs, 'server_cpu_s') * 1e6 / sum(rs, 'calls'),
  client_cpu_us_per_call: (rs) => sum(rs, 'client_cpu_s') * 1e6 / sum(rs, 'calls'),
  pair_cpu_us_per_call: (rs) => (sum(rs, 'server_cpu_s') + sum(rs, 'client_cpu_s')) * 1e6 / sum(rs, 'calls'),
  other_cpu_pct: (rs) => sum(rs.map((r) => ({ w: r.other_cpu_pct * r.elapsed_s })), 'w') / sum(rs, 'elapsed_s'),
};
const hvals = (label, field) => hreps(label).map(hfigures[field]);
const cell = (xs, unit = '') => xs.length ? `${fmt(median(xs))}${unit}${range(xs)}` : '–';
// ratio: how many times better Mercury is (lower is better unless higher).
const ratio = (ts, mw, higherIsBetter = false) => {
  const a = median(ts), b = median(mw);
  if (a == null || b == null || !a || !b) return '–';
  const r = higherIsBetter ? b / a : a / b;
  return r >= 1 ? `**${r.toFixed(1)}× better**` : `${(1 / r).toFixed(1)}× worse`;
};

const rows = [];
const row = (what, ts, mw, higher = false, unit = '') => rows.push(`| ${what} | ${cell(ts, unit)} | ${cell(mw, unit)} | ${ts.length ? ratio(ts, mw, higher) : ''} |`);
const cold = (l) => vals(l, 'cold_start', 'median_ms');
const seq = (l, f) => vals(l, 'seq_latency', f);

row('stdio cold start → first `tools/list`, bundle file (500 contacts), ms', cold('ts-search'), cold('mercury-search'));
row('same, embedded default world, ms', [], cold('mercury-embedded'));
row('same, 100,000-contact bundle (19 MB), from the world cache, ms', [], cold('mercury-100k'));
row('same, 500-contact bundle, cache off (full compile), ms', [], cold('mercury-nocache'));
row('same, 100,000-contact bundle, cache off (full compile), ms', [], cold('mercury-nocache-100k'));
const first = (f) => stdio.filter((r) => r.label === 'mercury-first-100k' && r.measure === 'first_start').map((r) => r[f]);
row('first start (empty world cache) of the 100,000-contact bundle, exec to exit after `tools/list`, wall ms', [], first('wall_ms'));
row('same, CPU ms (user + system)', [], first('cpu_ms'));
row('stdio `crm_search_contacts` p50, ms', seq('ts-search', 'p50_ms'), seq('mercury-search', 'p50_ms'));
row('stdio `crm_search_contacts` p99, ms', seq('ts-search', 'p99_ms'), seq('mercury-search', 'p99_ms'));
row('stdio `crm_get_deal` p50, ms', seq('ts-get', 'p50_ms'), seq('mercury-get', 'p50_ms'));
row('stdio `crm_get_deal` p99, ms', seq('ts-get', 'p99_ms'), seq('mercury-get', 'p99_ms'));
row('server CPU per search call (stdio), µs', seq('ts-search', 'server_cpu_us_per_call'), seq('mercury-search', 'server_cpu_us_per_call'));
row('server CPU per get call (stdio), µs', seq('ts-get', 'server_cpu_us_per_call'), seq('mercury-get', 'server_cpu_us_per_call'));
row('stdio search p50 on the 100,000-contact world (first page fills early), ms', [], seq('mercury-100k', 'p50_ms'));
row('stdio search p50 on the 100,000-contact world, no match (whole scan), ms', [], seq('mercury-100k-nomatch', 'p50_ms'));
row('HTTP, 100 sessions × 4 in flight, search, calls/s', hvals('ts-http-search', 'calls_per_s'), hvals('mercury-http-search', 'calls_per_s'), true);
row('HTTP, same, get, calls/s', hvals('ts-http-get', 'calls_per_s'), hvals('mercury-http-get', 'calls_per_s'), true);
row('HTTP server CPU per search call, µs', hvals('ts-http-search', 'server_cpu_us_per_call'), hvals('mercury-http-search', 'server_cpu_us_per_call'));
row('HTTP server CPU per get call, µs', hvals('ts-http-get', 'server_cpu_us_per_call'), hvals('mercury-http-get', 'server_cpu_us_per_call'));
for (const t of ['search', 'get']) {
  row(`HTTP ${t}: goload's own CPU per call, µs`, hvals(`ts-http-${t}`, 'client_cpu_us_per_call'), hvals(`mercury-http-${t}`, 'client_cpu_us_per_call'));
  row(`HTTP ${t}: server and goload CPU per call, µs`, hvals(`ts-http-${t}`, 'pair_cpu_us_per_call'), hvals(`mercury-http-${t}`, 'pair_cpu_us_per_call'));
  rows.push(`| HTTP ${t}: CPU of other processes meanwhile, % of the machine | ${cell(hvals(`ts-http-${t}`, 'other_cpu_pct'))} | ${cell(hvals(`mercury-http-${t}`, 'other_cpu_pct'))} | |`);
}

const errs = [...stdio.filter((r) => r.measure === 'seq_latency').map((r) => r.errors), ...http.map((r) => r.rpc_errors + r.tool_errors + r.transport_errors)];
const foreign = stdio.filter((r) => r.measure === 'meta_end').map((r) => r.foreign_cpu_pct);
const reps = Math.max(0, ...stdio.map((r) => r.rep ?? 0));

console.log(`| | TS reference | Mercury | ratio |\n|---|---|---|---|\n${rows.join('\n')}`);
console.log(`\nMedians of ${reps} interleaved repetitions, (min–max). Errors in all load runs: ${errs.reduce((a, b) => a + (b || 0), 0)}.` +
  ` CPU used by other processes during the stdio runs: median ${fmt(median(foreign))}% of the machine${range(foreign)}.`);

// In-process Go benchmarks: median of the p50 metric per benchmark.
const bench = {};
for (const m of inproc.matchAll(/^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+\d+ ns\/op((?:\s+[\d.]+ \S+)*)/gm)) {
  for (const x of m[2].matchAll(/([\d.]+) (\S+)/g)) {
    (bench[`${m[1]} ${x[2]}`] ??= []).push(Number(x[1]));
  }
}
const keys = Object.keys(bench);
if (keys.length) {
  console.log('\n| in-process benchmark | median (min–max) |\n|---|---|');
  for (const k of keys) console.log(`| ${k} | ${cell(bench[k])} |`);
}
