import { SMTPServer } from 'smtp-server';
import { SmtpTransport } from '../../src/app/smtp-transport';
import { ConfigError, loadConfig } from '../../src/config/config';

describe('SMTP authentication (SMTP_USER / SMTP_PASSWORD)', () => {
  it('is optional, needs both or neither, and treats empty as unset', () => {
    expect(loadConfig({}).SMTP_USER).toBeUndefined();
    expect(loadConfig({ SMTP_USER: '', SMTP_PASSWORD: '' })).toMatchObject({
      SMTP_USER: undefined,
      SMTP_PASSWORD: undefined,
    });
    expect(loadConfig({ SMTP_USER: 'umpire', SMTP_PASSWORD: 'pw' })).toMatchObject({
      SMTP_USER: 'umpire',
      SMTP_PASSWORD: 'pw',
    });
    expect(() => loadConfig({ SMTP_USER: 'umpire' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_USER: 'umpire' })).toThrow(/SMTP_PASSWORD: missing/);
    expect(() => loadConfig({ SMTP_PASSWORD: 'pw', SMTP_USER: '' })).toThrow(/SMTP_USER: missing/);
  });

  describe('against a server that requires AUTH', () => {
    let server: SMTPServer;
    let port: number;
    const delivered: { user: unknown; to: string }[] = [];

    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: false,
        allowInsecureAuth: true,
        disabledCommands: ['STARTTLS'],
        onAuth(auth, _session, callback) {
          if (auth.username === 'umpire' && auth.password === 'right') return callback(null, { user: auth.username });
          return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
        },
        onData(stream, session, callback) {
          stream.on('data', () => undefined);
          stream.on('end', () => {
            delivered.push({
              user: session.user,
              to: session.envelope.rcptTo.map((r) => r.address).join(','),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.server.address() as { port: number }).port;
    });
    afterAll(async () => new Promise<void>((r) => server.close(() => r())));

    const config = (extra: Record<string, string>) =>
      loadConfig({
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(port),
        UMPIRE_ADDRESS: 'umpire@umpire.test',
        ...extra,
      });
    const mail = (to: string) => ({ to, subject: 'report', text: 'hello' });

    it('logs in with the configured user and password and sends', async () => {
      const t = SmtpTransport.fromConfig(config({ SMTP_USER: 'umpire', SMTP_PASSWORD: 'right' }));
      await t.send(mail('japan@players.test'), 'k1');
      t.close();
      expect(delivered).toEqual([{ user: 'umpire', to: 'japan@players.test' }]);
    });

    it('is refused with a wrong password, and without credentials', async () => {
      const wrong = SmtpTransport.fromConfig(config({ SMTP_USER: 'umpire', SMTP_PASSWORD: 'wrong' }));
      await expect(wrong.send(mail('allied@players.test'), 'k2')).rejects.toThrow(/535|Invalid/i);
      wrong.close();
      const none = SmtpTransport.fromConfig(config({}));
      await expect(none.send(mail('allied@players.test'), 'k3')).rejects.toThrow(/auth/i);
      none.close();
      expect(delivered.map((d) => d.to)).not.toContain('allied@players.test');
    });
  });
});
