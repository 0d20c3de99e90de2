import { createServer, type Server, type Socket } from 'node:net';
import { MailboxHealth } from '../../src/app/mailbox-health';
import { loadConfig } from '../../src/config/config';

describe('the mailbox health check', () => {
  let server: Server;
  let port: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // accepts the connection, then never sends an IMAP greeting: a hung server
    server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('gives up on an IMAP server that never answers within its timeout, naming the server', async () => {
    const health = new MailboxHealth(
      loadConfig({
        IMAP_ENABLED: 'true',
        IMAP_HOST: '127.0.0.1',
        IMAP_PORT: String(port),
        IMAP_USER: 'umpire',
      }),
    );
    health.timeoutMs = 300;
    const started = Date.now();
    await expect(health.ping()).rejects.toThrow(new RegExp(`127\\.0\\.0\\.1:${port}.*300 ms|timeout|Timeout`, 'i'));
    const took = Date.now() - started;
    expect(sockets.length).toBeGreaterThanOrEqual(1); // it did connect: the hang was the server's
    expect(took).toBeLessThan(2000);
  });

  it('says IMAP is off without connecting anywhere', async () => {
    const health = new MailboxHealth(loadConfig({ IMAP_ENABLED: 'false' }));
    await expect(health.ping()).resolves.toMatch(/disabled/);
  });
});
