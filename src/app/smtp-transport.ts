import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Config } from '../config/config';
import { createSmtpTransport, sendMessage } from '../mail/outbound';
import type { MailTransport, OutboundMail } from '../store/outbox';

export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}

/** Sends rendered outbox mail over SMTP. Message-ID and headers come from the outbox row, never fresh. */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(
    host: string,
    port: number,
    private readonly defaultFrom: string,
    /** SMTP AUTH (SMTP_USER / SMTP_PASSWORD), e.g. for a submission port; none when unset */
    auth?: { readonly user: string; readonly pass: string },
  ) {
    this.transporter = createSmtpTransport({ host, port, auth });
  }

  /** From the validated configuration: authenticates when SMTP_USER and SMTP_PASSWORD are set (config.ts requires both or neither). */
  static fromConfig(c: Pick<Config, 'SMTP_HOST' | 'SMTP_PORT' | 'UMPIRE_ADDRESS' | 'SMTP_USER' | 'SMTP_PASSWORD'>): SmtpTransport {
    const auth = c.SMTP_USER && c.SMTP_PASSWORD ? { user: c.SMTP_USER, pass: c.SMTP_PASSWORD } : undefined;
    return new SmtpTransport(c.SMTP_HOST, c.SMTP_PORT, c.UMPIRE_ADDRESS, auth);
  }

  async send(mail: OutboundMail, idempotencyKey: string): Promise<void> {
    const message = {
      from: this.defaultFrom,
      ...mail,
      headers: { 'X-Umpire-Key': idempotencyKey, ...(mail.headers ?? {}) },
    } as SendMailOptions;
    const result = await sendMessage(this.transporter, message);
    if (!result.ok) throw new MailSendError(result.error, result.permanent);
  }

  close(): void {
    this.transporter.close();
  }
}
