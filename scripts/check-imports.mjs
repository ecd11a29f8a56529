#!/usr/bin/env node
// The drawing of the imports, checked (issue 24): `npm run -s imports:check` prints every import that runs up a
// layer, every circle of files, and every circle of folders inside a subgraph, and exits 1 if there is any
// (`--root DIR` checks another tree: test/backbone/imports.test.ts gives it one with known faults).
// Type-only imports (`import type`, `import { type X }`) are left out: they are gone from the compiled code.
// Folder circles already there when the check came (KNOWN_FOLDER_CIRCLES) are listed, not failed, until split;
// a new one, or a known one that takes in another folder, fails.
//
// Layers, lowest first; a file may import its own layer and those below, never one above:
//   0 the floor: subgraphs/kit
//   1 a subgraph: subgraphs/<service>/… (never another subgraph's files); subgraphs/*.ts (the list of the services)
//   2 schema/, gateway/ (neither imports the other)
//   3 stack/ (the supervisor, the operator's tools)
//   4 cli/ (the commands)
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const rootAt = process.argv.indexOf('--root');
const root = rootAt > 0 ? resolve(process.argv[rootAt + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Circles of folders inside a subgraph found when the check came, each by its folders: to split next. */
const KNOWN_FOLDER_CIRCLES = [
  'subgraphs/organizations/membership subgraphs/organizations/organization subgraphs/organizations/team subgraphs/organizations/team-deletion ' +
    'subgraphs/organizations/user',
  'subgraphs/scheduling/booker-verification subgraphs/scheduling/booking subgraphs/scheduling/event-type subgraphs/scheduling/out-of-office ' +
    'subgraphs/scheduling/private-link subgraphs/scheduling/slot-reservation subgraphs/scheduling/slots subgraphs/scheduling/user',
];
const ROOTS = ['subgraphs', 'gateway', 'schema', 'stack', 'cli'];

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'migrations') yield* sources(path);
    } else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) yield path;
  }
}

/** The project files `file` imports at run time (relative specifiers only). */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0]) &&
      ((ts.isIdentifier(node.expression) && node.expression.text === 'require') || node.expression.kind === ts.SyntaxKind.ImportKeyword)
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => {
      const base = resolve(dirname(file), s.replace(/\.js$/, ''));
      return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    })
    .filter(Boolean);
}

const rel = (file) => relative(root, file).split(sep).join('/');

function layerOf(path) {
  if (path.startsWith('subgraphs/kit/')) return { rank: 0, name: 'subgraphs/kit' };
  const service = path.match(/^subgraphs\/([^/]+)\//);
  if (service) return { rank: 1, name: `subgraphs/${service[1]}` };
  if (path.startsWith('subgraphs/')) return { rank: 1, name: 'subgraphs' };
  const top = path.split('/')[0];
  if (top === 'schema' || top === 'gateway') return { rank: 2, name: top };
  return { rank: top === 'stack' ? 3 : 4, name: top };
}

/** The problems of the graph `edges` (file → files): arrows up a layer, circles of files, circles of folders in a subgraph (and the known ones). */
export function importProblems(edges) {
  const problems = [];
  for (const [from, tos] of edges) {
    const a = layerOf(from);
    for (const to of tos) {
      const b = layerOf(to);
      const sideways = a.rank === b.rank && a.name !== b.name && a.name !== 'subgraphs';
      if (b.rank > a.rank || sideways) problems.push(`upward: ${from} → ${to} (${a.name} may not import ${b.name})`);
    }
  }
  for (const circle of circles(edges)) problems.push(`circle: ${circle.join(' → ')} → ${circle[0]}`);
  // Folders inside a subgraph (subgraphs/<service>/<folder>/…): the folder graph must have no circle either.
  const folders = new Map();
  const folderOf = (path) => path.match(/^(subgraphs\/(?!kit\/)[^/]+\/[^/]+)\//)?.[1];
  for (const [from, tos] of edges) {
    const f = folderOf(from);
    if (!f) continue;
    for (const to of tos) {
      const g = folderOf(to);
      if (g && g !== f && g.split('/')[1] === f.split('/')[1]) {
        if (!folders.has(f)) folders.set(f, new Map());
        folders.get(f).set(g, [...(folders.get(f).get(g) ?? []), `${from} → ${to}`]);
      }
    }
  }
  const folderEdges = new Map([...folders].map(([f, tos]) => [f, [...tos.keys()]]));
  const known = [];
  for (const circle of circles(folderEdges)) {
    const arrows = circle.flatMap((f) => circle.flatMap((g) => folders.get(f)?.get(g) ?? []));
    const line = `folder circle: ${circle.join(', ')}\n    ${arrows.join('\n    ')}`;
    (KNOWN_FOLDER_CIRCLES.includes(circle.join(' ')) ? known : problems).push(line);
  }
  return { problems, known };
}

/** The strongly connected components of more than one node (Tarjan), each as a list of its nodes. */
function circles(edges) {
  let index = 0;
  const indices = new Map(),
    low = new Map(),
    stack = [],
    onStack = new Set(),
    found = [];
  const connect = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!indices.has(v)) connect(v);
  return found;
}

export function projectImports() {
  const edges = new Map();
  for (const top of ROOTS.filter((folder) => existsSync(join(root, folder)))) {
    for (const file of sources(join(root, top))) edges.set(rel(file), [...new Set(importsOf(file).map(rel))]);
  }
  return edges;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { problems, known } = importProblems(projectImports());
  if (known.length) console.log(`${known.length} folder circle(s) known, to split next (scripts/check-imports.mjs KNOWN_FOLDER_CIRCLES):`);
  for (const circle of known) console.log(circle.split('\n')[0]);
  for (const problem of problems) console.log(problem);
  if (problems.length) {
    console.log(`${problems.length} import problem(s): no circle and no upward arrow (docs/decisions.md, issue 24)`);
    process.exit(1);
  }
}
