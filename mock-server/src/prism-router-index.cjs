// Loaded into Prism's process (`node --require`, src/prism.ts) before Prism's own modules. Prism's router matches a
// request against every operation of the description, each time: it scores and sorts all 308 paths, then splits
// both paths and builds a RegExp per templated fragment for each one, about 4 ms of CPU per request on this machine.
// This hands the router only the operations whose path can match: the same number of fragments, and every literal
// fragment equal. Those left out are exactly the ones Prism's `matchPath` answers NOMATCH for, which its router
// drops before choosing, so what it chooses (or the error it gives) is unchanged; when nothing can match, the router
// gets the whole list and says so in its own words. The index is kept per operations list, and only built when every
// operation has the same servers (the one thing the router reads from the whole list).
const { createRequire } = require('node:module');

const TEMPLATED = /{(.+)}/;

/** A path's fragments as Prism's `matchPath` compares them: split on '/', each percent-decoded when it can be. */
function fragmentsOf(path) {
  return path
    .split('/')
    .slice(1)
    .map((fragment) => {
      try {
        return fragment && decodeURIComponent(fragment);
      } catch {
        return fragment;
      }
    });
}

/** The operations (in their order) whose path could match `requestPath`, by fragment count and literal fragments. */
function candidatesOf(index, requestPath) {
  const request = fragmentsOf(requestPath);
  const candidates = [];
  for (const { resource, fragments } of index) {
    if (fragments.length !== request.length) continue;
    let possible = true;
    for (let i = 0; i < fragments.length && possible; i++) {
      const fragment = fragments[i];
      possible = TEMPLATED.test(fragment) || fragment === request[i];
    }
    if (possible) candidates.push(resource);
  }
  return candidates;
}

function indexFor(indexes, resources) {
  if (indexes.has(resources)) return indexes.get(resources);
  const servers = JSON.stringify(resources[0]?.servers ?? []);
  const sameServers = resources.every((resource) => JSON.stringify(resource.servers ?? []) === servers);
  const index = sameServers
    ? resources.map((resource) => ({ resource, fragments: fragmentsOf(resource.path) }))
    : undefined;
  indexes.set(resources, index);
  return index;
}

/** Wraps the router module's `default` export; returns false when Prism's layout is not the one this knows. */
function installOn(router) {
  if (typeof router?.default !== 'function' || router.default.indexed) return false;
  const route = router.default;
  const indexes = new WeakMap();
  const indexedRoute = (options) => {
    const { resources, input } = options;
    const path = input?.url?.path;
    if (!Array.isArray(resources) || typeof path !== 'string' || !path.startsWith('/')) return route(options);
    const index = indexFor(indexes, resources);
    const candidates = index ? candidatesOf(index, path) : [];
    return route(candidates.length ? { ...options, resources: candidates } : options);
  };
  indexedRoute.indexed = true;
  router.default = indexedRoute;
  return true;
}

function install() {
  try {
    const prismHttp = require.resolve('@stoplight/prism-http/package.json', { paths: [process.argv[1] ?? __dirname] });
    installOn(createRequire(prismHttp)('./dist/router/index.js'));
  } catch {
    // Another Prism layout: it routes as it comes.
  }
}

module.exports = { installOn };
install();
