import { Module } from '@nestjs/common';
import { InfraModule } from './infra.module';
import { IngestService } from './ingest.service';
import { WorkerService } from './worker.service';

/** The worker process: runs jobs from every queue. Start as many as you like, on any machines. */
@Module({
  imports: [InfraModule],
  providers: [IngestService, WorkerService],
})
export class WorkerModule {}
