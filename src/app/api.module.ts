import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { GamePageController } from './game-page.controller';
import { HealthController } from './health.controller';
import { InboundController } from './inbound.controller';
import { MailboxService } from './mailbox.service';
import { InfraModule } from './infra.module';
import { MailboxHealth } from './mailbox-health';

/** The API process: health, HTTP entry points and the read-only game pages; commands go to the queue, never applied inline. */
@Module({
  imports: [InfraModule, TerminusModule],
  controllers: [HealthController, InboundController, GamePageController],
  providers: [MailboxHealth, MailboxService],
})
export class ApiModule {}
