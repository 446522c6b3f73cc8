/**
 * Two V8 heap snapshots of one process compared, as DevTools' Comparison view
 * does, with retained sizes: per constructor (DevTools' class names: an
 * object's constructor, `(string)`, `(closure)`, `(compiled code)`, …) the
 * count, self size and retained size in each, their change, and how many
 * objects are new (an id only the second has) or gone.
 *
 *   npx tsx scripts/bench/heap-diff.ts before.heapsnapshot after.heapsnapshot
 *   npx tsx scripts/bench/heap-diff.ts a b --top 40                  more rows (default 25)
 *   npx tsx scripts/bench/heap-diff.ts a b --paths Buffer            where new objects of a class are held, from the GC roots
 *
 * Snapshots come from scripts/bench/memory-rounds.ts --snapshot (or
 * --heapsnapshot-signal); they keep each object's id across snapshots of one
 * process. Retained size is computed as DevTools does: the dominator tree over
 * every edge but weak ones (and shortcuts not from the root); a class's
 * retained size sums its instances that no other instance of it dominates.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, paths: { type: 'string' }, samples: { type: 'string', default: '5' } },
});
if (positionals.length !== 2) {
  console.error('usage: heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> [--top 25] [--paths <class>] [--samples 5]');
  process.exit(2);
}

interface RawSnapshot {
  snapshot: {
    meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] };
    node_count: number;
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

interface Snapshot {
  nodeCount: number;
  className: string[];
  id: Float64Array;
  self: Float64Array;
  retained: Float64Array;
  /** Of each node's class, whether it is the outermost instance on its dominator path. */
  topOfClass: Uint8Array;
  firstEdge: Uint32Array;
  edgeTo: Uint32Array;
  edgeName: string[];
  edgeEssential: Uint8Array;
  nodeName: (node: number) => string;
}

function load(file: string): Snapshot {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawSnapshot;
  const { meta } = raw.snapshot;
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const types = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const [fType, fName, fId, fSelf, fEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [number, number, number];
  const n = raw.nodes.length / nodeFields;
  const className: string[] = new Array(n);
  const id = new Float64Array(n);
  const self = new Float64Array(n);
  const firstEdge = new Uint32Array(n + 1);
  let edge = 0;
  for (let node = 0; node < n; node++) {
    const base = node * nodeFields;
    const type = types[raw.nodes[base + fType]!]!;
    const name = raw.strings[raw.nodes[base + fName]!]!;
    // DevTools' HeapSnapshotNode.className().
    className[node] =
      type === 'object' || type === 'native' ? name : type === 'hidden' ? '(system)' : type === 'code' ? '(compiled code)' : `(${type})`;
    id[node] = raw.nodes[base + fId]!;
    self[node] = raw.nodes[base + fSelf]!;
    firstEdge[node] = edge;
    edge += raw.nodes[base + fEdges]!;
  }
  firstEdge[n] = edge;
  const edgeTo = new Uint32Array(edge);
  const edgeName: string[] = new Array(edge);
  const edgeEssential = new Uint8Array(edge);
  for (let node = 0; node < n; node++) {
    for (let e = firstEdge[node]!; e < firstEdge[node + 1]!; e++) {
      const base = e * edgeFields;
      const type = edgeTypes[raw.edges[base + eType]!]!;
      const nameOrIndex = raw.edges[base + eName]!;
      edgeTo[e] = raw.edges[base + eTo]! / nodeFields;
      edgeName[e] = type === 'element' || type === 'hidden' ? `[${nameOrIndex}]` : String(raw.strings[nameOrIndex]);
      edgeEssential[e] = type !== 'weak' && (type !== 'shortcut' || node === 0) ? 1 : 0;
    }
  }
  const nodeName = (node: number) => {
    const base = node * nodeFields;
    return raw.strings[raw.nodes[base + fName]!]!;
  };
  const snapshot: Snapshot = {
    nodeCount: n,
    className,
    id,
    self,
    retained: new Float64Array(n),
    topOfClass: new Uint8Array(n),
    firstEdge,
    edgeTo,
    edgeName,
    edgeEssential,
    nodeName,
  };
  dominate(snapshot);
  return snapshot;
}

/** Dominators (Cooper, Harvey and Kennedy's iterative algorithm over a post-order), then retained sizes. */
function dominate(s: Snapshot) {
  const n = s.nodeCount;
  // Post-order from the root (node 0) over essential edges.
  const order = new Int32Array(n).fill(-1); // node -> post-order index
  const postOrder = new Uint32Array(n);
  let count = 0;
  const stack = new Uint32Array(n);
  const cursor = new Uint32Array(n);
  const visited = new Uint8Array(n);
  let top = 0;
  stack[top++] = 0;
  visited[0] = 1;
  cursor[0] = s.firstEdge[0]!;
  while (top > 0) {
    const node = stack[top - 1]!;
    let pushed = false;
    while (cursor[node]! < s.firstEdge[node + 1]!) {
      const e = cursor[node]!++;
      if (!s.edgeEssential[e]) continue;
      const to = s.edgeTo[e]!;
      if (visited[to]) continue;
      visited[to] = 1;
      cursor[to] = s.firstEdge[to]!;
      stack[top++] = to;
      pushed = true;
      break;
    }
    if (!pushed) {
      top--;
      order[node] = count;
      postOrder[count++] = node;
    }
  }
  // Predecessors (reachable ones only).
  const predCount = new Uint32Array(n + 1);
  for (let node = 0; node < n; node++) {
    if (!visited[node]) continue;
    for (let e = s.firstEdge[node]!; e < s.firstEdge[node + 1]!; e++) if (s.edgeEssential[e]) predCount[s.edgeTo[e]! + 1]!++;
  }
  for (let node = 0; node < n; node++) predCount[node + 1]! += predCount[node]!;
  const preds = new Uint32Array(predCount[n]!);
  const fill = predCount.slice();
  for (let node = 0; node < n; node++) {
    if (!visited[node]) continue;
    for (let e = s.firstEdge[node]!; e < s.firstEdge[node + 1]!; e++) if (s.edgeEssential[e]) preds[fill[s.edgeTo[e]!]!++] = node;
  }
  // Dominators in post-order indices; the root is the last.
  const rootIndex = count - 1;
  const idom = new Int32Array(count).fill(-1);
  idom[rootIndex] = rootIndex;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (a < b) a = idom[a]!;
      while (b < a) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let index = rootIndex - 1; index >= 0; index--) {
      const node = postOrder[index]!;
      let dom = -1;
      for (let p = predCount[node]!; p < predCount[node + 1]!; p++) {
        const pred = order[preds[p]!]!;
        if (pred < 0 || idom[pred] === -1) continue;
        dom = dom === -1 ? pred : intersect(pred, dom);
      }
      if (dom !== -1 && idom[index] !== dom) {
        idom[index] = dom;
        changed = true;
      }
    }
  }
  // Retained sizes: children before parents, which post-order gives.
  for (let index = 0; index < count; index++) s.retained[postOrder[index]!] = s.self[postOrder[index]!]!;
  for (let index = 0; index < rootIndex; index++) {
    const node = postOrder[index]!;
    const dominator = postOrder[idom[index]!]!;
    s.retained[dominator] = s.retained[dominator]! + s.retained[node]!;
  }
  // The outermost instance of each class on every dominator path: a walk of the tree with a count per class.
  const children: number[][] = Array.from({ length: count }, () => []);
  for (let index = 0; index < rootIndex; index++) children[idom[index]!]!.push(index);
  const classIds = new Map<string, number>();
  const classOf = new Uint32Array(n);
  for (let node = 0; node < n; node++) {
    let classId = classIds.get(s.className[node]!);
    if (classId === undefined) classIds.set(s.className[node]!, (classId = classIds.size));
    classOf[node] = classId;
  }
  const open = new Uint32Array(classIds.size);
  const walk: [number, number][] = [[rootIndex, 0]];
  while (walk.length) {
    const frame = walk[walk.length - 1]!;
    const [index, next] = frame;
    const node = postOrder[index]!;
    if (next === 0) {
      if (open[classOf[node]!] === 0) s.topOfClass[node] = 1;
      open[classOf[node]!]!++;
    }
    const kids = children[index]!;
    if (next < kids.length) {
      frame[1]++;
      walk.push([kids[next]!, 0]);
    } else {
      open[classOf[node]!]!--;
      walk.pop();
    }
  }
}

interface Aggregate {
  count: number;
  self: number;
  retained: number;
}

function aggregate(s: Snapshot): Map<string, Aggregate> {
  const byClass = new Map<string, Aggregate>();
  for (let node = 0; node < s.nodeCount; node++) {
    let entry = byClass.get(s.className[node]!);
    if (!entry) byClass.set(s.className[node]!, (entry = { count: 0, self: 0, retained: 0 }));
    entry.count++;
    entry.self += s.self[node]!;
    if (s.topOfClass[node]) entry.retained += s.retained[node]!;
  }
  return byClass;
}

const [before, after] = positionals.map(load) as [Snapshot, Snapshot];
const beforeIds = new Set(before.id);
const afterIds = new Set(after.id);
const fresh = new Map<string, number>();
const gone = new Map<string, number>();
for (let node = 0; node < after.nodeCount; node++) {
  if (!beforeIds.has(after.id[node]!)) fresh.set(after.className[node]!, (fresh.get(after.className[node]!) ?? 0) + 1);
}
for (let node = 0; node < before.nodeCount; node++) {
  if (!afterIds.has(before.id[node]!)) gone.set(before.className[node]!, (gone.get(before.className[node]!) ?? 0) + 1);
}
const a = aggregate(before);
const b = aggregate(after);
const none: Aggregate = { count: 0, self: 0, retained: 0 };
const total = (s: Snapshot) => s.self.reduce((sum, size) => sum + size, 0);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const signed = (value: string) => (value.startsWith('-') ? value : `+${value}`);
const pad = (value: string | number, width: number) => String(value).padStart(width);

console.log(`before: ${positionals[0]}: ${before.nodeCount} objects, ${kb(total(before))} kB`);
console.log(`after:  ${positionals[1]}: ${after.nodeCount} objects, ${kb(total(after))} kB`);
console.log(
  `change: ${signed(String(after.nodeCount - before.nodeCount))} objects, ${signed(kb(total(after) - total(before)))} kB (self sizes; the heap's own total, after the collection each snapshot makes)\n`,
);
const rows = [...new Set([...a.keys(), ...b.keys()])].map((name) => {
  const x = a.get(name) ?? none;
  const y = b.get(name) ?? none;
  return { name, x, y, dSelf: y.self - x.self, dRetained: y.retained - x.retained, dCount: y.count - x.count };
});
rows.sort((p, q) => Math.abs(q.dSelf) - Math.abs(p.dSelf) || Math.abs(q.dCount) - Math.abs(p.dCount));
console.log(
  `${'constructor'.padEnd(34)}${pad('count', 9)}${pad('→', 9)}${pad('Δ', 8)}${pad('new', 8)}${pad('gone', 8)}${pad('self kB', 10)}${pad('→', 10)}${pad('Δ', 9)}${pad('retained kB', 13)}${pad('→', 10)}${pad('Δ', 9)}`,
);
for (const { name, x, y, dSelf, dRetained, dCount } of rows.slice(0, Number(args.top))) {
  const label = name.length > 33 ? `${name.slice(0, 32)}…` : name;
  console.log(
    `${label.padEnd(34)}${pad(x.count, 9)}${pad(y.count, 9)}${pad(signed(String(dCount)), 8)}${pad(fresh.get(name) ?? 0, 8)}${pad(gone.get(name) ?? 0, 8)}` +
      `${pad(kb(x.self), 10)}${pad(kb(y.self), 10)}${pad(signed(kb(dSelf)), 9)}${pad(kb(x.retained), 13)}${pad(kb(y.retained), 10)}${pad(signed(kb(dRetained)), 9)}`,
  );
}

/** Where the new objects of one class are held: a shortest path from the GC roots to each of a few. */
if (args.paths) {
  const s = after;
  const parent = new Int32Array(s.nodeCount).fill(-1);
  const parentEdge = new Int32Array(s.nodeCount).fill(-1);
  const queue = new Uint32Array(s.nodeCount);
  let head = 0;
  let tail = 0;
  queue[tail++] = 0;
  parent[0] = 0;
  while (head < tail) {
    const node = queue[head++]!;
    for (let e = s.firstEdge[node]!; e < s.firstEdge[node + 1]!; e++) {
      if (!s.edgeEssential[e]) continue;
      const to = s.edgeTo[e]!;
      if (parent[to] !== -1) continue;
      parent[to] = node;
      parentEdge[to] = e;
      queue[tail++] = to;
    }
  }
  const wanted: number[] = [];
  for (let node = 0; node < s.nodeCount; node++) {
    if (s.className[node] === args.paths && !beforeIds.has(s.id[node]!) && parent[node] !== -1) wanted.push(node);
  }
  // The paths that hold most of them, with one example each.
  const byPath = new Map<string, { count: number; bytes: number }>();
  const describe = (node: number) => {
    const steps: string[] = [];
    for (let at = node; at !== 0 && steps.length < 14; at = parent[at]!) {
      steps.push(
        `${s.className[at]}${s.className[at] === s.nodeName(at) ? '' : ` ${JSON.stringify(s.nodeName(at).slice(0, 40))}`} .${s.edgeName[parentEdge[at]!]}`,
      );
    }
    return steps.reverse().join(' → ');
  };
  const shape = (node: number) => {
    const steps: string[] = [];
    for (let at = node; at !== 0 && steps.length < 14; at = parent[at]!) steps.push(`${s.className[at]}`);
    return steps.reverse().join(' → ');
  };
  for (const node of wanted) {
    const key = shape(node);
    const entry = byPath.get(key) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += s.retained[node]!;
    byPath.set(key, entry);
  }
  console.log(`\n${wanted.length} new ${args.paths} objects in the second snapshot, by path from the roots:`);
  const paths = [...byPath.entries()].sort((p, q) => q[1].bytes - p[1].bytes).slice(0, Number(args.samples));
  for (const [key, { count, bytes }] of paths) {
    const example = wanted.find((node) => shape(node) === key)!;
    console.log(`\n${count} objects, ${kb(bytes)} kB retained:\n  ${describe(example)}`);
  }
}
