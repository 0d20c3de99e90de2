import { createServer } from 'node:net';

/**
 * A TCP port free on this machine now, the one the kernel gives a listener on port 0: for a child
 * process that must be told its port before it starts (the demo's API, the tests' and the
 * benchmarks'). A fixed or random port may be held by another listener or be the ephemeral port
 * of an outgoing connection (Linux hands those out from 32768 to 60999), and the API would then
 * fail to bind. (The get-port package does this too, but ships as an ES module only.)
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '0.0.0.0', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
