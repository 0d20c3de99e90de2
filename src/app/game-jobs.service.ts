import { Injectable } from '@nestjs/common';

/** Deadline and reminder jobs for games (wired to the engine by the game service). */
@Injectable()
export class GameJobsService {
  async deadline(gameId: string, stepId: string): Promise<unknown> {
    throw new Error(`deadline for ${gameId} step ${stepId}: the game service is not wired into this worker`);
  }

  async remind(gameId: string, stepId: string): Promise<unknown> {
    throw new Error(`reminder for ${gameId} step ${stepId}: the game service is not wired into this worker`);
  }
}
