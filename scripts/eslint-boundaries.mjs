// The repository's own ESLint rules for its boundaries (used by eslint.config.mjs):
//
// - `no-relative-escape`: a relative import stays inside its own package (workspace). Another
//   package is reached by its name (`@flashcard/shared-auth`), never by `../../shared-auth/src/..`,
//   so every cross-package import goes through what that package exports.
// - `no-module-cycle`: the API's feature modules (api/src/modules/<name>/) form no cycle, counting
//   every import between their folders (`import type` included; tests excluded, nothing imports
//   them). import-x/no-cycle sees cycles between files only; two modules can depend on each other
//   through different files without any file cycle.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const isRelative = (specifier) =>
  specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');

const isInside = (file, folder) => {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** Calls `check(node, specifier)` for every module specifier the file names. */
function moduleSpecifierVisitor(check) {
  const fromSource = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression(node) {
      if (node.source.type === 'Literal' && typeof node.source.value === 'string')
        check(node.source, node.source.value);
    },
    TSImportEqualsDeclaration(node) {
      const reference = node.moduleReference;
      if (reference.type === 'TSExternalModuleReference' && typeof reference.expression.value === 'string') {
        check(reference.expression, reference.expression.value);
      }
    },
    CallExpression(node) {
      const [argument] = node.arguments;
      if (
        node.callee.type === 'Identifier' &&
        node.callee.name === 'require' &&
        argument?.type === 'Literal' &&
        typeof argument.value === 'string'
      ) {
        check(argument, argument.value);
      }
    },
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const noRelativeEscape = {
  meta: {
    type: 'problem',
    docs: { description: 'A relative import must not leave its package: import another package by its name' },
    schema: [
      {
        type: 'object',
        properties: { packages: { type: 'array', items: { type: 'string' } } },
        required: ['packages'],
        additionalProperties: false,
      },
    ],
    messages: {
      escape:
        '"{{specifier}}" leaves the package {{package}}/: import another package by its name (its index), not by a path into its files.',
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    const root = context.options[0].packages.find((folder) => isInside(filename, folder));
    if (!root) return {};
    return moduleSpecifierVisitor((node, specifier) => {
      if (!isRelative(specifier)) return;
      if (isInside(path.resolve(path.dirname(filename), specifier), root)) return;
      context.report({ node, messageId: 'escape', data: { specifier, package: path.basename(root) } });
    });
  },
};

// ---- Module cycles ------------------------------------------------------------------------------

const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST = /\.test\.(?:ts|tsx|js|mjs)$/;

/**
 * The module (folder name) a path is in, or null when it is outside `modulesDir`. An import may
 * name the folder itself (`../cards`, its index.ts); a file is in a module only inside its folder.
 */
function moduleOf(target, modulesDir, { isFile = false } = {}) {
  const relative = path.relative(modulesDir, target);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return isFile && rest.length === 0 ? null : name;
}

function filesUnder(folder) {
  const files = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(full));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** The other modules each non-test file imports, read from disk once per modules folder and process. */
const diskEdges = new Map();
function edgesOnDisk(modulesDir) {
  let edges = diskEdges.get(modulesDir);
  if (!edges) {
    edges = new Map();
    for (const file of filesUnder(modulesDir)) {
      const own = moduleOf(file, modulesDir, { isFile: true });
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      const targets = new Set();
      for (const { fileName } of importedFiles) {
        if (!isRelative(fileName)) continue;
        const target = moduleOf(path.resolve(path.dirname(file), fileName), modulesDir);
        if (target && target !== own) targets.add(target);
      }
      edges.set(file, targets);
    }
    diskEdges.set(modulesDir, edges);
  }
  return edges;
}

/** A path of modules from `start` to `goal` over `graph` (module -> modules it imports), or null. */
function findPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const route = [];
      for (let step = goal; step !== null; step = previous.get(step)) route.unshift(step);
      return route;
    }
    for (const next of graph.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between the folders of api/src/modules' },
    schema: [
      {
        type: 'object',
        properties: { modulesDir: { type: 'string' } },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'modules/{{from}} imports modules/{{to}}, which already depends on it ({{route}}): move the shared piece down (api/src/lib/ or a lower module) or wire both from above (modules/engagement, app.ts).',
    },
  },
  create(context) {
    const { modulesDir } = context.options[0];
    const filename = context.physicalFilename;
    const own = moduleOf(filename, modulesDir, { isFile: true });
    if (!own || TEST.test(filename)) return {};
    const imports = [];
    return {
      ...moduleSpecifierVisitor((node, specifier) => {
        if (!isRelative(specifier)) return;
        const target = moduleOf(path.resolve(path.dirname(filename), specifier), modulesDir);
        if (target && target !== own) imports.push({ node, target });
      }),
      'Program:exit'() {
        if (imports.length === 0) return;
        // The graph as on disk, with this file's imports as they are in the editor.
        const graph = new Map();
        for (const [file, targets] of edgesOnDisk(modulesDir)) {
          if (file === filename) continue;
          const from = moduleOf(file, modulesDir, { isFile: true });
          if (!graph.has(from)) graph.set(from, new Set());
          for (const target of targets) graph.get(from).add(target);
        }
        if (!graph.has(own)) graph.set(own, new Set());
        for (const { target } of imports) graph.get(own).add(target);
        for (const { node, target } of imports) {
          const route = findPath(graph, target, own);
          if (route)
            context.report({
              node,
              messageId: 'cycle',
              data: { from: own, to: target, route: [own, ...route].join(' -> ') },
            });
        }
      },
    };
  },
};

/** @type {import('eslint').ESLint.Plugin} */
const plugin = {
  meta: { name: 'flashcard-boundaries' },
  rules: { 'no-relative-escape': noRelativeEscape, 'no-module-cycle': noModuleCycle },
};
export default plugin;
