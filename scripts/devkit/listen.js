// Plain JavaScript with its types beside it (listen.d.ts): the production host runs it as it is, with no build step
// of its own, and the mock and the tests share the one copy (issue 27).

/** @type {import('./listen.d.ts').listen} */
export function listen(server, port, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { address, port: bound } = server.address();
      resolve({
        url: `http://${address}:${bound}`,
        server,
        stop: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
