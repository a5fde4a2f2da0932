// Loaded into Prism's process (`node --require`, src/prism.ts). On start, Prism dereferences the description and copies
// it through @stoplight/json's `decycle`, which turns a cycle into a `$ref` to the ancestor it returns to. That copy
// spells the JSON pointer of every object and array it enters (a fresh path array, percent-encoded, each time), to be
// read only when a cycle comes back to it: 2.6 of a Prism start's 6.5 CPU-seconds (a CPU profile, 2026-11-26), paid by
// every test Prism, every `npm start` and the drill. This copy keeps the path as one stack and spells a pointer only
// for a cycle, with the library's own `pathToPointer` and `isPlainObject`: the same copy, the same `$ref`s.
const { createRequire } = require('node:module');

/** `decycle` as @stoplight/json 3.21 defines it, with the pointer spelt only when a cycle uses it. */
function decycleWith({ isPlainObject, pathToPointer }) {
  return function decycle(value, replacer) {
    const path = [];
    /** Each object or array being copied (an ancestor of the current one), with the length of its path. */
    const open = new WeakMap();
    function copy(node) {
      const current = replacer ? replacer(node) : node;
      if (!isPlainObject(current) && !Array.isArray(current)) return current;
      const depth = open.get(current);
      if (depth !== undefined) return { $ref: pathToPointer(path.slice(0, depth)) };
      open.set(current, path.length);
      let copied;
      if (Array.isArray(current)) {
        copied = current.map((item, index) => {
          path.push(String(index));
          const result = copy(item);
          path.pop();
          return result;
        });
      } else {
        copied = {};
        for (const key of Object.keys(current)) {
          path.push(key);
          copied[key] = copy(current[key]);
          path.pop();
        }
      }
      open.delete(current);
      return copied;
    }
    return copy(value);
  };
}

/** Replaces the module's `decycle`; false when it is not the module this knows (then it stays as it comes). */
function installOn(json) {
  if (typeof json?.decycle !== 'function' || json.decycle.spelledOnCycle) return false;
  if (typeof json.isPlainObject !== 'function' || typeof json.pathToPointer !== 'function') return false;
  const decycle = decycleWith(json);
  decycle.spelledOnCycle = true;
  decycle.original = json.decycle;
  json.decycle = decycle;
  return true;
}

function install() {
  try {
    const prismHttp = require.resolve('@stoplight/prism-http/package.json', { paths: [process.argv[1] ?? __dirname] });
    installOn(createRequire(prismHttp)('@stoplight/json'));
  } catch {
    // Another Prism layout: it starts as it comes.
  }
}

module.exports = { installOn, decycleWith };
install();
