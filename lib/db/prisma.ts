import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { getPool } from './pool';

const globalForPrisma = globalThis as typeof globalThis & { perchPrisma?: PrismaClient };

/** The one Prisma client, running on the shared pg pool. */
export function getPrisma(): PrismaClient {
  globalForPrisma.perchPrisma ??= new PrismaClient({ adapter: new PrismaPg(getPool()) });
  return globalForPrisma.perchPrisma;
}
