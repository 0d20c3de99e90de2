import { Injectable } from '@nestjs/common';

/** Parses and authenticates one stored inbound message, then submits its command. */
@Injectable()
export class IngestService {
  async ingest(inboundId: string): Promise<unknown> {
    throw new Error(`inbound message ${inboundId}: mail ingest is not wired into this worker`);
  }
}
