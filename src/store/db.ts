import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';

export type Db = PrismaClient;
/** A client or an interactive-transaction client: both run raw SQL the same way. */
export type DbTx = Pick<PrismaClient, '$executeRawUnsafe' | '$queryRawUnsafe'>;

export function createDb(databaseUrl: string, options: { max?: number } = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.max ?? 10 });
  return new PrismaClient({ adapter });
}
