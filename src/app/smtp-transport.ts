import nodemailer, { type Transporter } from 'nodemailer';
import type { MailTransport, OutboundMail } from '../store/outbox';

/** Sends rendered outbox mail over SMTP. The Message-ID comes from the outbox row, never fresh. */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(
    host: string,
    port: number,
    private readonly defaultFrom: string,
  ) {
    this.transporter = nodemailer.createTransport({ host, port, secure: false, ignoreTLS: true, pool: false });
  }

  async send(mail: OutboundMail, idempotencyKey: string): Promise<void> {
    await this.transporter.sendMail({
      from: mail.from ?? this.defaultFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      headers: { 'X-Umpire-Key': idempotencyKey, ...(mail.headers ?? {}) },
      attachments: mail.attachments?.map((a) => ({ ...a })),
    });
  }

  close(): void {
    this.transporter.close();
  }
}
