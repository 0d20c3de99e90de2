import {
  Controller,
  HttpCode,
  Inject,
  Post,
  Req,
  UnauthorizedException,
  BadRequestException,
  PayloadTooLargeException,
  NotFoundException,
} from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { Config } from '../config/config';
import type { Services } from '../services/container';
import { CONFIG, SERVICES } from './tokens';

const MAX_BYTES = 10 * 1024 * 1024;

/**
 * The inbound-mail webhook: POST the raw RFC 822 message (Content-Type message/rfc822) with
 * `Authorization: Bearer <UMPIRE_WEBHOOK_TOKEN>`. It joins the same pipeline as IMAP: stored
 * raw, deduplicated on Message-ID, ingested by a worker.
 */
@Controller('inbound')
export class InboundController {
  constructor(
    @Inject(SERVICES) private readonly s: Services,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post('mail')
  @HttpCode(202)
  async mail(@Req() req: IncomingMessage): Promise<{ id: string; duplicate: boolean; messageId: string }> {
    const token = this.config.UMPIRE_WEBHOOK_TOKEN;
    if (!token) throw new NotFoundException('the inbound-mail webhook is off: set UMPIRE_WEBHOOK_TOKEN to turn it on');
    const given = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
    const digest = (v: string) => createHash('sha256').update(v).digest();
    if (!timingSafeEqual(digest(given), digest(token)))
      throw new UnauthorizedException('missing or wrong bearer token (Authorization: Bearer <UMPIRE_WEBHOOK_TOKEN>)');
    const type = String(req.headers['content-type'] ?? '');
    if (!/^(message\/rfc822|text\/plain|application\/octet-stream)/i.test(type)) {
      throw new BadRequestException(`send the raw message as Content-Type message/rfc822 (got "${type || 'none'}")`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BYTES) throw new PayloadTooLargeException(`messages over ${MAX_BYTES} bytes are refused`);
      chunks.push(chunk as Buffer);
    }
    if (!size) throw new BadRequestException('the body is empty: POST the raw RFC 822 message');
    return this.s.inbound.receive('webhook', Buffer.concat(chunks));
  }
}
