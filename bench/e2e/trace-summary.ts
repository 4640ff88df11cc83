/**
 * Where the time of a Chrome performance trace went, per thread: the busy time, the tasks over
 * 50 ms, the trace events that took the most time (inclusive), and the JavaScript functions with
 * the most self time (from the sampling profiler), and for each task over 50 ms the functions its
 * samples were in (self and inclusive) — where a long task's time went. Reads what `BENCH_TRACE_DIR=… npm run bench:e2e`
 * writes: `npx tsx bench/e2e/trace-summary.ts <trace.json> [top N]`, prints JSON.
 */
import { readFileSync } from "node:fs";

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  /** Trace profiles omit url and positions for native and VM frames. */
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

interface ThreadStats {
  name: string;
  busyMs: number;
  tasksOver50: number[];
  longTasks: { ts: number; dur: number }[];
  /** Profiler samples: time (trace µs), the sampled node, and the time until the next sample. */
  samples: { ts: number; node: ProfileNode; nodes: Map<number, ProfileNode>; dt: number }[];
  byEvent: Map<string, number>;
  selfByFunction: Map<string, number>;
}

/** The scheduler's task event; ThreadControllerImpl::RunTask nests inside it and is not counted twice. */
const TOP_LEVEL_TASK = "RunTask";

function frameLabel(node: ProfileNode): string {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const name = functionName || "(anonymous)";
  if (!url) return name;
  return `${name} ${url.split("/").pop()}:${(lineNumber ?? 0) + 1}:${(columnNumber ?? 0) + 1}`;
}

function add(map: Map<string, number>, key: string, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

function top(map: Map<string, number>, n: number): Record<string, number> {
  return Object.fromEntries(
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, Math.round(v * 10) / 10]),
  );
}

function summarize(events: TraceEvent[], n: number) {
  const threads = new Map<string, ThreadStats>();
  const key = (e: { pid: number; tid: number }) => `${e.pid}:${e.tid}`;
  const thread = (e: { pid: number; tid: number }) => {
    let stats = threads.get(key(e));
    if (!stats) {
      stats = {
        name: key(e),
        busyMs: 0,
        tasksOver50: [],
        longTasks: [],
        samples: [],
        byEvent: new Map(),
        selfByFunction: new Map(),
      };
      threads.set(key(e), stats);
    }
    return stats;
  };
  for (const e of events)
    if (e.ph === "M" && e.name === "thread_name") thread(e).name = e.args?.name ?? key(e);

  for (const e of events) {
    if (e.ph !== "X" || e.dur === undefined) continue;
    const stats = thread(e);
    const ms = e.dur / 1000;
    add(stats.byEvent, e.name, ms);
    if (e.name === TOP_LEVEL_TASK) {
      stats.busyMs += ms;
      if (ms > 50) {
        stats.tasksOver50.push(Math.round(ms));
        stats.longTasks.push({ ts: e.ts, dur: e.dur });
      }
    }
  }

  // Sampling profiler: a "Profile" event per thread, then "ProfileChunk"s with the same id.
  const profileThread = new Map<string, { pid: number; tid: number }>();
  const nodes = new Map<string, Map<number, ProfileNode>>();
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.name === "Profile" && e.id) {
      profileThread.set(`${e.pid}:${e.id}`, e);
      clock.set(`${e.pid}:${e.id}`, e.args?.data?.startTime ?? e.ts);
    }
    if (e.name !== "ProfileChunk" || !e.id) continue;
    const owner = profileThread.get(`${e.pid}:${e.id}`) ?? e;
    const profileKey = `${e.pid}:${e.id}`;
    let known = nodes.get(profileKey);
    if (!known) nodes.set(profileKey, (known = new Map()));
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) known.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    // Each sample's self time is the gap to the next sample; its time is the running sum of deltas.
    let t = clock.get(profileKey) ?? e.ts;
    for (let i = 0; i < samples.length; i++) {
      t += deltas[i] ?? 0;
      const node = known.get(samples[i]!);
      const next = deltas[i + 1];
      if (!node || next === undefined) continue;
      thread(owner).samples.push({ ts: t, node, nodes: known, dt: next });
      const label = frameLabel(node);
      if (label.startsWith("(idle)") || label.startsWith("(program)")) continue;
      add(thread(owner).selfByFunction, label, next / 1000);
    }
    clock.set(profileKey, t);
  }

  return [...threads.values()]
    .filter((t) => t.busyMs > 1 || t.selfByFunction.size > 0)
    .sort((a, b) => b.busyMs - a.busyMs)
    .map((t) => ({
      thread: t.name,
      busy_ms: Math.round(t.busyMs),
      tasks_over_50ms: t.tasksOver50,
      events_inclusive_ms: top(t.byEvent, n),
      js_self_ms: top(t.selfByFunction, n),
      ...(t.longTasks.length > 0 && t.samples.length > 0
        ? { long_tasks: t.longTasks.map((task) => inLongTask(t, task, t.longTasks[0]!.ts, n)) }
        : {}),
    }));
}

/** Where one long task's samples were: self time and inclusive time per function, top n each. */
function inLongTask(t: ThreadStats, task: { ts: number; dur: number }, origin: number, n: number) {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const s of t.samples) {
    if (s.ts < task.ts || s.ts >= task.ts + task.dur) continue;
    const ms = s.dt / 1000;
    add(self, frameLabel(s.node), ms);
    const seen = new Set<string>();
    for (let node: ProfileNode | undefined = s.node; node; node = s.nodes.get(node.parent ?? -1)) {
      const label = frameLabel(node);
      if (label === "(root)" || seen.has(label)) continue;
      seen.add(label);
      add(inclusive, label, ms);
    }
  }
  return {
    at_ms: Math.round((task.ts - origin) / 1000),
    ms: Math.round(task.dur / 1000),
    self_ms: top(self, n),
    inclusive_ms: top(inclusive, n),
  };
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write("usage: tsx bench/e2e/trace-summary.ts <trace.json> [top N]\n");
  process.exit(2);
}
const parsed = JSON.parse(readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
process.stdout.write(JSON.stringify(summarize(events, Number(topArg ?? 25)), null, 2) + "\n");
