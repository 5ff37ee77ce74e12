// DESIGN §8.13: a core module's index.ts is its public face. This rule refuses (1) an import of another module's inner
// file, and (2) an import that closes a cycle between modules. The module graph is read once per lint run from the
// sources under core/src/modules (tests excluded: they may reach into other modules for fixtures).
import fs from 'node:fs';
import path from 'node:path';

const modulesDir = path.join('core', 'src', 'modules');
const importPattern = /(?:^|\s)(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/gs;

function isTest(relative) {
  return relative.split(path.sep).some((part) => part === '__tests__' || part === 'testing') || relative.endsWith('.test.ts');
}

/** The module a path (relative to the root) belongs to, with the path inside it; undefined outside modules. */
function placeOf(relative) {
  const parts = path.normalize(relative).split(path.sep);
  const base = modulesDir.split(path.sep);
  if (parts.length < base.length + 2 || base.some((part, index) => parts[index] !== part)) return undefined;
  return { module: parts[base.length], inner: parts.slice(base.length + 1).join('/') };
}

function specifiersOf(code) {
  return [...code.matchAll(importPattern)].map((match) => match[1] ?? match[2]);
}

function listSources(directory) {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : listSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const graphs = new Map();

/** module → the set of modules its sources import, read from disk once per root. */
function moduleGraph(root) {
  let graph = graphs.get(root);
  if (graph) return graph;
  graph = new Map();
  for (const file of listSources(path.join(root, modulesDir))) {
    const from = placeOf(path.relative(root, file))?.module;
    if (!from) continue;
    for (const specifier of specifiersOf(fs.readFileSync(file, 'utf8'))) {
      const to = placeOf(path.relative(root, path.resolve(path.dirname(file), specifier)))?.module;
      if (to && to !== from) (graph.get(from) ?? graph.set(from, new Set()).get(from)).add(to);
    }
  }
  graphs.set(root, graph);
  return graph;
}

/** The modules leading from `start` back to `goal`, or undefined when there is no such path. */
function pathBack(graph, start, goal) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const steps = [];
      for (let step = current; step !== undefined; step = previous.get(step)) steps.unshift(step);
      return steps;
    }
    for (const next of graph.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules import each other only through index.ts, and never in a cycle (DESIGN §8.13).' },
    messages: {
      deepImport: "'{{specifier}}' is inside the {{module}} module: import its public face, '../{{module}}/index.js'.",
      cycle: 'Import cycle between modules: {{cycle}}. Break it with an event or a contribution point.',
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const relative = path.relative(root, context.filename);
    if (relative.startsWith('..') || isTest(relative)) return {};
    const from = placeOf(relative)?.module;

    function check(node) {
      const specifier = node?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = placeOf(path.relative(root, path.resolve(path.dirname(context.filename), specifier)));
      if (!target || target.module === from) return;
      if (target.inner !== 'index.js') {
        context.report({ node, messageId: 'deepImport', data: { specifier, module: target.module } });
      }
      if (!from) return;
      const back = pathBack(moduleGraph(root), target.module, from);
      if (back) context.report({ node, messageId: 'cycle', data: { cycle: [from, ...back].join(' → ') } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries } };
