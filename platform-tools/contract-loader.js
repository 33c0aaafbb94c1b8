// Browser builds of the API contract's schema modules (@flashcard/api-contract/schemas/*): a
// browser calls an endpoint by its method and path only, and never validates, so the TypeBox
// schemas are dead weight there (about 4 KB gzip in each app's first load). This loader
//   1. passes `{}` as the schemas of every `endpoint(method, path, schemas)` call, and
//   2. marks the calls of each top-level `const X = ...` pure,
// so the minifier drops every schema nothing else uses. The types are unchanged (they come from
// the .d.ts files), and the API, which validates, uses the contract's CommonJS build untouched.
const acorn = require('acorn');

/**
 * Every node below `node` (a tiny walker: acorn's own is another package); with `skipFunctions`
 * not the bodies of the functions it defines (code that does not run where it is written).
 */
function* nodesOf(node, { skipFunctions = false } = {}) {
  if (!node || typeof node.type !== 'string' || (skipFunctions && /Function/.test(node.type))) return;
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) yield* nodesOf(child, { skipFunctions });
    else if (value && typeof value === 'object') yield* nodesOf(value, { skipFunctions });
  }
}

const isCall = (node) => node.type === 'CallExpression' || node.type === 'NewExpression';

/** The local names `endpoint` is imported as (`import { endpoint as e } from '../endpoint'`). */
function endpointNames(program) {
  const names = new Set();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || !/\/endpoint(\.js)?$/.test(statement.source.value)) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'endpoint')
        names.add(specifier.local.name);
    }
  }
  return names;
}

/** The module's source with the edits applied: `[start, end, text]`, non-overlapping. */
function applyEdits(source, edits) {
  let out = '';
  let at = 0;
  for (const [start, end, text] of edits.sort((a, b) => a[0] - b[0])) {
    out += source.slice(at, start) + text;
    at = end;
  }
  return out + source.slice(at);
}

function stripContractSchemas(source) {
  const program = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const endpoint = endpointNames(program);
  const edits = [];
  for (const node of nodesOf(program)) {
    if (
      node.type === 'CallExpression' &&
      node.callee.type === 'Identifier' &&
      endpoint.has(node.callee.name) &&
      node.arguments.length === 3
    ) {
      const schemas = node.arguments[2];
      edits.push([schemas.start, schemas.end, '{}']);
    }
  }
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (!declaration || declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      // Every call a top-level initializer makes on its own (not inside a function it defines):
      // the minifier drops a pure call whose value is unused only if its arguments are pure too.
      for (const call of [...nodesOf(declarator.init, { skipFunctions: true })].filter(isCall)) {
        if (!edits.some(([start, end]) => call.start >= start && call.end <= end))
          edits.push([call.start, call.start, '/*#__PURE__*/ ']);
      }
    }
  }
  return applyEdits(source, edits);
}

module.exports = function contractLoader(source) {
  return stripContractSchemas(source);
};
module.exports.stripContractSchemas = stripContractSchemas;
/** The module rule for a webpack or Rspack config: the contract's schema modules (its ES-module build). */
module.exports.rule = { test: /[\\/]api-contract[\\/]dist[\\/]esm[\\/]schemas[\\/][^\\/]+\.js$/, loader: __filename };
