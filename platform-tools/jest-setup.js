// What jsdom lacks and the platform's packages use (this repository's jest.preset.js uses it too).
// react-router 7 needs TextEncoder.
const { TextEncoder, TextDecoder } = require('util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

// react-hot-toast asks matchMedia (reduced motion) when a toast shows; jsdom has none. A test
// that needs a phone-sized match replaces this with its own.
if (typeof globalThis.window !== 'undefined' && typeof globalThis.window.matchMedia !== 'function') {
  globalThis.window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// IndexedDB (fake-indexeddb in tests) clones what it stores with structuredClone, which jsdom's
// window lacks; Node's serializer is the same algorithm.
if (typeof globalThis.structuredClone !== 'function') {
  const v8 = require('v8');
  globalThis.structuredClone = (value) => v8.deserialize(v8.serialize(value));
}

// jsdom's Blob has no arrayBuffer() or text(); its FileReader reads the same bytes.
if (typeof globalThis.Blob === 'function' && typeof globalThis.Blob.prototype.arrayBuffer !== 'function') {
  const read = (blob, method) =>
    new Promise((resolve, reject) => {
      const reader = new globalThis.FileReader();
      reader.onload = () => resolve(reader.result);
      reader.onerror = () => reject(reader.error);
      reader[method](blob);
    });
  globalThis.Blob.prototype.arrayBuffer = function arrayBuffer() {
    return read(this, 'readAsArrayBuffer');
  };
  globalThis.Blob.prototype.text = function text() {
    return read(this, 'readAsText');
  };
}
