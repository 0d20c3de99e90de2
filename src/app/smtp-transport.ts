import type { SendMailOptions, Transporter } from 'nodemailer';
import { createSmtpTransport, sendMessage } from '../mail/outbound';
import type { MailTransport, OutboundMail } from '../store/outbox';

export class MailSendError extends Error {
  constructor(message: string, readonly permanent: boolean) {
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
  ) {
    this.transporter = createSmtpTransport({ host, port });
  }

  async send(mail: OutboundMail, idempotencyKey: string): Promise<void> {
    const message = { from: this.defaultFrom, ...mail, headers: { 'X-Umpire-Key': idempotencyKey, ...(mail.headers ?? {}) } } as SendMailOptions;
    const result = await sendMessage(this.transporter, message);
    if (!result.ok) throw new MailSendError(result.error, result.permanent);
  }

  close(): void {
    this.transporter.close();
  }
}
