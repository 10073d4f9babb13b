import fs from 'node:fs';

/** CPU seconds used so far by the load client, one server process and all PostgreSQL processes (Linux /proc). */
export interface CpuSample {
  client: number;
  server: number;
  postgres: number;
}

const TICK = 100; // USER_HZ on Linux

function procCpu(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return 0;
  }
}

function postgresCpu(): number {
  let total = 0;
  for (const entry of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += procCpu(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

export function cpuSample(serverPid: number): CpuSample {
  const own = process.cpuUsage();
  return { client: (own.user + own.system) / 1e6, server: procCpu(serverPid), postgres: postgresCpu() };
}

/** Microseconds of CPU per request in each process between two samples. */
export function cpuPerRequest(a: CpuSample, b: CpuSample, requests: number): string {
  const us = (x: number) => ((x * 1e6) / Math.max(1, requests)).toFixed(0);
  return `CPU per request: server ${us(b.server - a.server)} µs, PostgreSQL ${us(b.postgres - a.postgres)} µs, load client ${us(b.client - a.client)} µs`;
}
