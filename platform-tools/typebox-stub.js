// Browser builds replace @sinclair/typebox with this stub (see webpack.js). The API contract's
// schemas are TypeBox values so that the API validates with them and the apps get their
// `Static<>` types, but a browser never validates with them: there, each `Type.X(...)` only
// has to return some object. Measured: the real TypeBox cost every remote ~22 KB gzip of first
// load. The stub fails loudly if browser code ever asks for anything but `Type`.
const schema = () => ({});

const Type = new Proxy({}, { get: () => schema });

/** @type {any} what it stands for is TypeBox, whatever a schema module reads of it */
module.exports = new Proxy(
  { Type },
  {
    get(target, name) {
      if (name in target || typeof name === 'symbol' || name === '__esModule' || name === 'default')
        return target[name];
      throw new Error(
        `@sinclair/typebox's "${String(name)}" is not available in the browser (platform-tools/typebox-stub.js)`,
      );
    },
  },
);
