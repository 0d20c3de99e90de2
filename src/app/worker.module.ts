import { Module } from '@nestjs/common';
import { CommandBus } from './command-bus.service';
import { GameJobsService } from './game-jobs.service';
import { InfraModule } from './infra.module';
import { IngestService } from './ingest.service';
import { WorkerService } from './worker.service';

/** The worker process: runs jobs from every queue. Start as many as you like, on any machines. */
@Module({
  imports: [InfraModule],
  providers: [CommandBus, GameJobsService, IngestService, WorkerService],
})
export class WorkerModule {}
