#!/usr/bin/env node
// The drawing of the imports, checked (issue 24): `npm run -s imports:check` prints every import that runs up a
// layer, every circle of files, and every circle of folders inside a subgraph, and exits 1 if there is any
// (`--root DIR` checks another tree: test/backbone/imports.test.ts gives it one with known faults).
// Type-only imports (`import type`, `import { type X }`) are left out: they are gone from the compiled code.
// Layers, lowest first; a file may import its own layer and those below, never one above:
//   0 the floor: platform/ (beside gateway/ and subgraphs/; it imports nothing of the project above it)
//   1 a subgraph: subgraphs/<service>/… (never another subgraph's files); subgraphs/*.ts (the list of the services)
//   2 schema/, gateway/ (neither imports the other)
//   3 stack/ (the supervisor, the operator's tools)
//   4 cli/ (the commands)
//
// The folders of a subgraph are layered too (no circle of folders): a folder may import the folders below it, never one
// above. A file at a subgraph's root (loaders were, outbox.ts, secrets.ts…) counts as a folder of its own, so a
// root file cannot join two folders into a hidden circle; index.ts and main.ts, which assemble the subgraph, are above
// all. Per-request DataLoaders live beside the service they batch (`team/team.loaders.ts`, `booking/booking.loaders.ts`).
// The layering found is printed, lowest first (docs/decisions.md, issue 24); when the root files joined the check it was:
//   subgraphs/scheduling: the other subgraphs' entities as stubs → what event types are made of → event types →
//   the booking record → slots → booking → slot reservations
//     0 booking-field contracts organization user    4 booking-record out-of-office private-link
//     1 booking-limit team                           5 booker-verification slots
//     2 schedule                                     6 booking
//     3 event-type                                   7 slot-reservation
//   subgraphs/organizations: teams with their membership table → users and what hangs on a team → the
//   membership, organization and booking-page views over both → managed organizations
//     0 contracts credit outbox team
//     1 attribute delegation-credential private-link role team-deletion team-roster-change user
//     2 booking-page managed-user membership organization team-invite
//     3 managed-organization
//   subgraphs/integrations: 0 contracts ics provider-secret · 1 provider-oauth team-address team-event-type-address
//     verified-resource · 2 conferencing phone-call provider-caldav stripe webhook workflow · 3 calendar
//     webhook-delivery · 4 routing-form
//   subgraphs/oauth: 0 contracts lifetimes secrets user · 1 api-key directory session · 2 oauth-client ·
//     3 authorization · 4 token web · 5 credential managed-user
// A resolver that adds a field of one folder's type from another folder's data sits in the higher folder
// (booking/user-bookings.resolver.ts, organization/team-organization.resolver.ts); what many folders read goes down
// (booking-record/: the booking tables, the slot reservations table, a booking's location and body rules).
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const rootAt = process.argv.indexOf('--root');
const root = rootAt > 0 ? resolve(process.argv[rootAt + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');

const ROOTS = ['platform', 'subgraphs', 'gateway', 'schema', 'stack', 'cli'];

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
  if (path.startsWith('platform/')) return { rank: 0, name: 'platform' };
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
  const folderOf = (path) => path.match(/^(subgraphs\/[^/]+\/[^/]+)\//)?.[1] ?? path.match(/^(subgraphs\/[^/]+\/(?!index\.ts$|main\.ts$)[^/]+)\.ts$/)?.[1];
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
