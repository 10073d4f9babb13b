import os from 'node:os';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { canonicalAddress, withoutTrailingDot } from './address-classifier.ts';
import type { Lookup } from './ssrf-guard.ts';

const isUnspecified = (a: string) => a === '0.0.0.0' || a === '::';
const isLoopback = (a: string) => {
  const ip = ipaddr.parse(a);
  return ip.range() === 'loopback';
};

const RESOLVE_TTL_MS = 60_000;

/**
 * The addresses a postback must never dial because they are this portal (docs/tracking.md, loop
 * guard): where `PUBLIC_URL` and `PUBLIC_TRACKING_URL` resolve to (with their own port, 80 and 443,
 * since one host usually serves both), and the listener's own addresses and port — for a wildcard
 * listener every local interface and loopback address. Names are resolved again after a minute;
 * one that does not resolve adds nothing (the delivery header still stops a loop).
 */
export class OwnAddresses {
  private listeners: { address: string; port: number }[] = [];
  private resolved: { at: number; entries: Promise<Set<string>> } | null = null;

  constructor(
    private readonly publicUrls: string[],
    private readonly lookup: Lookup,
  ) {}

  /** The addresses the server listens on (known once it listens). */
  setListeners(listeners: { address: string; port: number }[]): void {
    this.listeners = listeners.flatMap((l) => {
      const address = canonicalAddress(l.address);
      return address ? [{ address, port: l.port }] : [];
    });
  }

  async has(rawAddress: string, port: number): Promise<boolean> {
    const address = canonicalAddress(rawAddress);
    if (!address) return false;
    for (const l of this.listeners) {
      if (l.port !== port) continue;
      if (l.address === address || isUnspecified(address)) return true;
      if (isUnspecified(l.address) && (isLoopback(address) || localAddresses().has(address))) return true;
    }
    return (await this.publicEntries()).has(`${address}|${port}`);
  }

  private publicEntries(): Promise<Set<string>> {
    const now = Date.now();
    if (!this.resolved || now - this.resolved.at > RESOLVE_TTL_MS) {
      this.resolved = { at: now, entries: this.resolve() };
    }
    return this.resolved.entries;
  }

  private async resolve(): Promise<Set<string>> {
    const entries = new Set<string>();
    for (const raw of this.publicUrls) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        continue;
      }
      const host = withoutTrailingDot(url.hostname.replace(/^\[|\]$/g, ''));
      const ports = new Set([Number(url.port || (url.protocol === 'https:' ? 443 : 80)), 80, 443]);
      let addresses: string[];
      if (net.isIP(host)) addresses = [host];
      else {
        try {
          addresses = (await this.lookup(host)).map((a) => a.address);
        } catch {
          addresses = [];
        }
      }
      for (const a of addresses) {
        const c = canonicalAddress(a);
        if (c) for (const p of ports) entries.add(`${c}|${p}`);
      }
    }
    return entries;
  }
}

function localAddresses(): Set<string> {
  const out = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) {
    for (const i of list ?? []) {
      const c = canonicalAddress(i.address);
      if (c) out.add(c);
    }
  }
  return out;
}
