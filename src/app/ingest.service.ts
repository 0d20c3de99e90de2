import { Inject, Injectable } from '@nestjs/common';
import type { Services } from '../services/container';
import { SERVICES } from './tokens';

/** The `mail.ingest` job: one stored inbound message through the mail use case. */
@Injectable()
export class IngestService {
  constructor(@Inject(SERVICES) private readonly s: Services) {}

  async ingest(inboundId: string): Promise<unknown> {
    const result = await this.s.ingest.ingest(inboundId);
    return result;
  }
}
