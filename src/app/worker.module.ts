import { Module } from '@nestjs/common';
import { InfraModule } from './infra.module';
import { WorkerService } from './worker.service';

/** The worker process: runs jobs from every queue. Start as many as you like, on any machines. */
@Module({
  imports: [InfraModule],
  providers: [WorkerService],
})
export class WorkerModule {}
