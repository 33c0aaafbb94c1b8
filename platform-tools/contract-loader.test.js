// The browser build of the contract's schema modules keeps methods and paths, drops schemas.
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const { stripContractSchemas, rule } = require('./contract-loader');

describe('contract-loader', () => {
  it("passes {} as every endpoint's schemas and marks the calls of top-level initializers pure (not those inside functions), whatever endpoint is imported as", () => {
    const source = [
      "import { Type } from '@sinclair/typebox';",
      "import { endpoint as ep } from '../endpoint';",
      'export const Card = Type.Object({ id: Type.Integer() });',
      'const Other = new Thing();',
      'export const Nullable = (s) => Type.Union([s, Type.Null()]);',
      "export const cardsEndpoints = { get: ep('GET', '/cards/:id', { response: { 200: Card } }) };",
      "export const one = ep('POST', '/one', { body: Card, response: { 201: Card } });",
      'export const LIMIT = 50;',
    ].join('\n');
    expect(stripContractSchemas(source)).toBe(
      [
        "import { Type } from '@sinclair/typebox';",
        "import { endpoint as ep } from '../endpoint';",
        'export const Card = /*#__PURE__*/ Type.Object({ id: /*#__PURE__*/ Type.Integer() });',
        'const Other = /*#__PURE__*/ new Thing();',
        'export const Nullable = (s) => Type.Union([s, Type.Null()]);',
        "export const cardsEndpoints = { get: /*#__PURE__*/ ep('GET', '/cards/:id', {}) };",
        "export const one = /*#__PURE__*/ ep('POST', '/one', {});",
        'export const LIMIT = 50;',
      ].join('\n'),
    );
  });

  it('leaves a module that imports no endpoint as it was, apart from the pure marks', () => {
    expect(stripContractSchemas('const x = f({ a: 1 });\nexport default x;\n')).toBe(
      'const x = /*#__PURE__*/ f({ a: 1 });\nexport default x;\n',
    );
  });

  it("applies to the contract's ES-module schema files only", () => {
    expect(rule.test.test('/repo/api-contract/dist/esm/schemas/cards.js')).toBe(true);
    expect(rule.test.test('C:\\team\\node_modules\\@flashcard\\api-contract\\dist\\esm\\schemas\\cards.js')).toBe(true);
    expect(rule.test.test('/repo/api-contract/dist/schemas/cards.js')).toBe(false);
    expect(rule.test.test('/repo/api-contract/dist/esm/calls/cards.js')).toBe(false);
  });

  it('ships no schema of the real contract in a production bundle, and keeps every method and path', async () => {
    const out = fs.mkdtempSync(path.join(require('os').tmpdir(), 'contract-loader-'));
    const entry = path.join(out, 'entry.js');
    fs.writeFileSync(
      entry,
      "import { cardsEndpoints } from '@flashcard/api-contract/schemas';\nconsole.log(Object.values(cardsEndpoints).map((e) => e.method + ' ' + e.path).join());\n",
    );
    const stats = await new Promise((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          entry,
          output: { path: out, filename: 'bundle.js' },
          resolve: {
            modules: [path.join(__dirname, '..', 'node_modules'), 'node_modules'],
            alias: { '@sinclair/typebox$': require.resolve('./typebox-stub.js') },
          },
          module: { rules: [rule] },
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    expect(stats.toString('errors-only')).toBe('');
    const bundle = fs.readFileSync(path.join(out, 'bundle.js'), 'utf8');
    fs.rmSync(out, { recursive: true, force: true });
    expect(bundle).toContain('/cards/search');
    // Schema-only words of the cards schemas (property names and limits) are gone.
    expect(bundle).not.toMatch(/maxLength|additionalProperties|relearning/);
  });
});
