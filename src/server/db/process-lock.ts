import 'server-only';
import fs from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on a data directory (PGlite has no lock between processes, and two writers
 * corrupt it). The lock file names its holder by pid AND by when that process started (and which boot
 * it belongs to), so neither a zombie left by a kill -9 nor an unrelated process that later got the
 * same pid keeps the directory locked.
 */
type Holder = { pid: number; started: string; boot: string };

const readText = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim() ?? '';

/** The process's state and start time (clock ticks since boot) from /proc; undefined when it is gone. */
function procStat(pid: number): { state: string; started: string } | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', started: fields[19] ?? '' };
}

/** How a lock file names process `pid`. */
export function processIdentity(pid = process.pid): Holder {
  return { pid, started: procStat(pid)?.started ?? '', boot: bootId() };
}

/** Whether the process that wrote `holder` still runs (and is not a zombie waiting to be reaped). */
export function holderAlive(holder: Holder): boolean {
  if (holder.pid === process.pid) return false;
  if (fs.existsSync('/proc/self/stat')) {
    if (holder.boot && holder.boot !== bootId()) return false;
    const stat = procStat(holder.pid);
    if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
    return !holder.started || stat.started === holder.started;
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | undefined {
  const text = readText(file)?.trim();
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<Holder> | number;
    // Files written before the start time was recorded hold just the pid.
    if (typeof parsed === 'number') return { pid: parsed, started: '', boot: '' };
    return Number.isInteger(parsed.pid)
      ? { pid: parsed.pid!, started: parsed.started ?? '', boot: parsed.boot ?? '' }
      : undefined;
  } catch {
    return undefined;
  }
}

export class DirectoryLocked extends Error {}

/** Takes the lock of `dir` or throws DirectoryLocked naming the process that holds it. */
export function lockDirectory(dir: string, fileName: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, fileName);
  const holder = readHolder(file);
  if (holder && holderAlive(holder))
    throw new DirectoryLocked(
      `The embedded database in ${dir} is in use by process ${holder.pid} (the running portal?). ` +
        'Stop that process first, or run against PostgreSQL with DATABASE_URL.',
    );
  const mine = processIdentity();
  fs.writeFileSync(file, JSON.stringify(mine));
  const release = () => {
    if (readHolder(file)?.pid === mine.pid) fs.rmSync(file, { force: true });
  };
  process.once('exit', release);
  return release;
}
