import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { JobQueue } from '../queue/job-queue';
import type { Services } from '../services/container';
import { SERVICES } from './tokens';
import { MailboxHealth } from './mailbox-health';

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(SERVICES) private readonly s: Services,
    private readonly jobs: JobQueue,
    private readonly mailbox: MailboxHealth,
  ) {}

  @Get()
  @HealthCheck()
  check() {
    return this.health.check([
      () => this.probe('postgres', () => this.s.db.ping()),
      () => this.probe('redis', () => this.jobs.ping()),
      () => this.probe('mailbox', () => this.mailbox.ping()),
    ]);
  }

  private async probe(key: string, fn: () => Promise<unknown>) {
    const session = this.indicators.check(key);
    try {
      const detail = await fn();
      return typeof detail === 'string' ? session.up({ detail }) : session.up();
    } catch (err) {
      return session.down({ message: (err as Error).message });
    }
  }
}
