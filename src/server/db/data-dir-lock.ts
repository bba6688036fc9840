import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, readlinkSync, renameSync, statSync, unlinkSync, utimes, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const HEARTBEAT_MS = 10_000;
/** A lock written on another host or in another container cannot be checked by pid: it lapses when its heartbeat stops. */
const FOREIGN_LAPSE_MS = 30_000;
/** How long a lock file may stay empty: the moment between its creation and its write. */
const UNWRITTEN_GRACE_MS = 1000;

/** Who holds an embedded database: the content of `<data dir>.lock` (ADR 0018). */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** On Linux, the PID namespace the pid belongs to: containers on one host each have their own. */
  pidNamespace: string | null;
  /** When the holder took the lock, ISO 8601 in UTC. */
  since: string;
  /** The script the holder runs, e.g. `node.ts` or `db-migrate.ts`. */
  command: string;
  /** On Linux, the holder's start time (clock ticks since boot): tells the holder from a process that reuses its pid. */
  processStart: string | null;
}

/** Another live process has the data directory open; its message is meant for the operator as it is. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const foreign = !inThisProcessSpace(holder);
    const where = holder.hostname === hostname() ? (foreign ? ' in another container' : '') : ` on host ${holder.hostname}`;
    super(
      `The embedded database in ${dataDir} is in use by process ${holder.pid}${where} ` +
        `(${holder.command}, started ${holder.since}). Two processes on one data directory corrupt it: ` +
        `stop that process first, or give this one another DATA_DIR.` +
        (foreign ? ` If that process was killed, its lock lapses ${FOREIGN_LAPSE_MS / 1000} s after its last heartbeat.` : ''),
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** Removes the lock; also run on process exit. Safe to call twice. */
  release(): void;
}

const heldByThisProcess = new Set<string>();

/**
 * Takes `<dataDir>.lock` or throws `DataDirLockedError`. A lock whose holder is gone (killed, even
 * with SIGKILL) is taken over at once: the holder's pid is checked, not the age of the file.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const lockPath = `${dataDir}.lock`;
  const content = JSON.stringify(thisProcessAsHolder());
  while (!createExclusively(lockPath, content)) {
    const found = readLock(lockPath);
    if (!found) continue;
    if (found.holder === null && Date.now() - found.modifiedMs < UNWRITTEN_GRACE_MS) {
      await sleep(50);
      continue;
    }
    if (found.holder && isLive(found.holder, lockPath, found.modifiedMs)) throw new DataDirLockedError(dataDir, found.holder);
    setAsideStale(lockPath, found.content);
  }
  heldByThisProcess.add(lockPath);

  const heartbeat = setInterval(() => utimes(lockPath, new Date(), new Date(), () => {}), HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    heldByThisProcess.delete(lockPath);
    process.off('exit', release);
    // Only our own: had this process stalled long enough to be taken over, the new holder's lock stays.
    try {
      if (readFileSync(lockPath, 'utf8') === content) unlinkSync(lockPath);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
    }
  };
  process.on('exit', release);
  return { release };
}

function thisProcessAsHolder(): LockHolder {
  return {
    pid: process.pid,
    hostname: hostname(),
    pidNamespace: pidNamespace(),
    since: new Date().toISOString(),
    command: basename(process.argv[1] ?? process.argv0),
    processStart: processStartTime(process.pid),
  };
}

function createExclusively(lockPath: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
  // Should the write fail (a full disk), the empty file is taken over as stale once its grace is up.
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

interface FoundLock {
  content: string;
  /** null when the content is not a holder: still being written, or left empty by a failed write or a crash. */
  holder: LockHolder | null;
  modifiedMs: number;
}

function readLock(lockPath: string): FoundLock | null {
  try {
    const modifiedMs = statSync(lockPath).mtimeMs;
    const content = readFileSync(lockPath, 'utf8');
    return { content, holder: parseHolder(content), modifiedMs };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function parseHolder(content: string): LockHolder | null {
  try {
    const holder = JSON.parse(content) as LockHolder;
    // pid 0 or below would signal a process group in `process.kill`.
    return Number.isInteger(holder.pid) && holder.pid > 0 && typeof holder.hostname === 'string' ? holder : null;
  } catch {
    return null;
  }
}

function isLive(holder: LockHolder, lockPath: string, modifiedMs: number): boolean {
  if (!inThisProcessSpace(holder)) return Date.now() - modifiedMs < FOREIGN_LAPSE_MS;
  // Our own pid on a lock we did not take: an earlier process that had the same pid (a restarted container).
  if (holder.pid === process.pid) return heldByThisProcess.has(lockPath);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if (errorCode(error) === 'ESRCH') return false;
  }
  const start = processStartTime(holder.pid);
  return start === null || holder.processStart === null || start === holder.processStart;
}

/** Whether the holder's pid means the same process here: same host, same PID namespace. */
function inThisProcessSpace(holder: LockHolder): boolean {
  return holder.hostname === hostname() && holder.pidNamespace === pidNamespace();
}

function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces and parentheses) start at field 3; the start time is field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * Moves a dead holder's lock aside. Renaming is atomic, so of two processes taking over the same
 * stale lock one moves it; should the other move the winner's fresh lock instead, it puts it back.
 */
function setAsideStale(lockPath: string, staleContent: string): void {
  const aside = `${lockPath}.stale-${randomUUID()}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  if (readFileSync(aside, 'utf8') === staleContent) unlinkSync(aside);
  else renameSync(aside, lockPath);
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error ? String(error.code) : undefined;
}
