#!/usr/bin/env node
// The drawing of the imports, checked (issue 24): `npm run -s imports:check` prints every import that runs up a
// layer, every circle of files, and every circle of folders inside a subgraph, and exits 1 if there is any
// (`--root DIR` checks another tree: test/backbone/imports.test.ts gives it one with known faults).
// Type-only imports (`import type`, `import { type X }`) are left out: they are gone from the compiled code.
// Layers, lowest first; a file may import its own layer and those below, never one above:
//   0 the floor: subgraphs/kit
//   1 a subgraph: subgraphs/<service>/… (never another subgraph's files); subgraphs/*.ts (the list of the services)
//   2 schema/, gateway/ (neither imports the other)
//   3 stack/ (the supervisor, the operator's tools)
//   4 cli/ (the commands)
//
// The folders of a subgraph are layered too (no circle of folders): a folder may import the folders below it, never one
// above. The layering found is printed, lowest first (docs/decisions.md, issue 24); when the check came it was:
//   subgraphs/scheduling: the other subgraphs' entities as stubs → what event types are made of → event types →
//   the booking record → slots → booking → slot reservations
//     0 booking-field organization team user        5 booking
//     1 booking-limit schedule                      6 slot-reservation
//     2 event-type
//     3 booking-record out-of-office private-link
//     4 booker-verification slots
//   subgraphs/organizations: teams with their membership table → users and what hangs on a team → the
//   membership, organization and booking-page views over both → managed organizations
//     0 credit private-link team team-roster-change
//     1 attribute delegation-credential role team-deletion team-invite user
//     2 booking-page managed-user membership organization
//     3 managed-organization
//   subgraphs/integrations: 0 ics phone-call provider-oauth verified-resource webhook · 1 conferencing
//     provider-caldav stripe webhook-delivery workflow · 2 calendar routing-form
//   subgraphs/oauth: 0 api-key directory session user · 1 oauth-client · 2 authorization · 3 token web ·
//     4 credential managed-user
// A resolver that adds a field of one folder's type from another folder's data sits in the higher folder
// (booking/user-bookings.resolver.ts, organization/team-organization.resolver.ts); what many folders read goes down
// (booking-record/: the booking tables, the slot reservations table, a booking's location and body rules).
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const rootAt = process.argv.indexOf('--root');
const root = rootAt > 0 ? resolve(process.argv[rootAt + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');

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
  const folderCircles = circles(folderEdges);
  for (const circle of folderCircles) {
    const arrows = circle.flatMap((f) => circle.flatMap((g) => folders.get(f)?.get(g) ?? []));
    problems.push(`folder circle: ${circle.join(', ')}\n    ${arrows.join('\n    ')}`);
  }
  const allFolders = new Set([...edges.keys()].map(folderOf).filter(Boolean));
  return { problems, layers: folderCircles.length ? new Map() : folderLayers(allFolders, folderEdges) };
}

/**
 * The drawing: each subgraph's folders by layer, lowest first. A folder's layer is one above the highest folder it
 * imports (0: it imports no other folder of its subgraph). Only for a graph without a circle.
 */
function folderLayers(folders, folderEdges) {
  const layer = new Map();
  const layerOf = (folder) => {
    if (!layer.has(folder)) layer.set(folder, 1 + Math.max(-1, ...(folderEdges.get(folder) ?? []).map(layerOf)));
    return layer.get(folder);
  };
  const drawing = new Map();
  for (const folder of [...folders].sort()) {
    const [, service, name] = folder.split('/');
    const rows = drawing.get(`subgraphs/${service}`) ?? [];
    (rows[layerOf(folder)] ??= []).push(name);
    drawing.set(`subgraphs/${service}`, rows);
  }
  return drawing;
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
  const { problems, layers } = importProblems(projectImports());
  for (const [service, rows] of layers) {
    console.log(`${service}, lowest first:`);
    rows.forEach((names, at) => console.log(`  ${at} ${names.join(' ')}`));
  }
  for (const problem of problems) console.log(problem);
  if (problems.length) {
    console.log(`${problems.length} import problem(s): no circle and no upward arrow (docs/decisions.md, issue 24)`);
    process.exit(1);
  }
}
