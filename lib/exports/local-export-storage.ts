import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ExportStorage } from './export-storage';

/** The directory export files go to: PERCH_EXPORT_DIR, else `exports` in the data directory. */
export function exportDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.PERCH_EXPORT_DIR ?? path.join(env.PERCH_DATA_DIR ?? '.data', 'exports'));
}

/** Export files in a local directory (shared by instances on one machine or a shared volume). */
export function localExportStorage(directory: string = exportDirectory()): ExportStorage {
  let made: Promise<unknown> | null = null;
  const ready = () => (made ??= fsp.mkdir(directory, { recursive: true }).catch((error: unknown) => {
    made = null;
    throw error;
  }));
  const file = (name: string) => {
    if (name.includes('/') || name.includes('\\') || name.startsWith('.')) throw new RangeError(`not an export file name: ${name}`);
    return path.join(directory, name);
  };
  return {
    async writeAt(name, offset, data) {
      await ready();
      // 'a+' would append wherever the file ends; 'r+' writes at the offset, so open it so (creating it first when missing).
      const handle = await fsp.open(file(name), 'r+').catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        return fsp.open(file(name), 'w+');
      });
      try {
        await handle.truncate(offset);
        let written = 0;
        while (written < data.length) {
          const { bytesWritten } = await handle.write(data, written, data.length - written, offset + written);
          written += bytesWritten;
        }
        // The page's commit follows: the bytes it counts must be on disk when it does.
        await handle.datasync();
      } finally {
        await handle.close();
      }
    },
    async truncate(name, length) {
      await ready();
      const handle = await fsp.open(file(name), 'a');
      try {
        await handle.truncate(length);
      } finally {
        await handle.close();
      }
    },
    async size(name) {
      try {
        return (await fsp.stat(file(name))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async read(name, range) {
      try {
        await fsp.access(file(name));
      } catch {
        return null;
      }
      return fs.createReadStream(file(name), range ? { start: range.start, end: range.end } : {}) as Readable;
    },
    async remove(name) {
      await fsp.rm(file(name), { force: true });
    },
  };
}
