import type { Agent } from 'undici';
import type { AppContext } from '../../context.ts';
import { postbackSigning } from '../postbacks/postback-signing.service.ts';
import { sendPostback, type SendOutcome } from './delivery-http.ts';
import { OwnAddresses } from './own-addresses.ts';
import { createGuardedAgent, systemLookup, type Lookup } from './ssrf-guard.ts';

const hostOf = (u: string) => {
  try {
    return new URL(u).host.toLowerCase();
  } catch {
    return '';
  }
};

/**
 * How a postback leaves: one guarded connection pool per process (addresses checked when
 * connecting, the portal's own never dialled), the publisher's signature, the loop header and the
 * event id on every request (delivery-http.ts).
 */
export class DeliverySender {
  private agent: Agent;
  readonly ownHosts: string[];
  private ownAddresses: OwnAddresses;
  private listeners: { address: string; port: number }[] = [];

  constructor(private readonly ctx: AppContext) {
    this.ownHosts = [...new Set([hostOf(ctx.config.publicTrackingUrl), hostOf(ctx.config.publicUrl)].filter(Boolean))];
    this.ownAddresses = this.buildOwnAddresses(systemLookup);
    this.agent = this.buildAgent();
  }

  private buildOwnAddresses(lookup: Lookup): OwnAddresses {
    const own = new OwnAddresses([this.ctx.config.publicUrl, this.ctx.config.publicTrackingUrl], lookup);
    own.setListeners(this.listeners);
    return own;
  }

  /** The addresses the server listens on: a postback to one of them is a loop. */
  setListeners(listeners: { address: string; port: number }[]): void {
    this.listeners = listeners;
    this.ownAddresses.setListeners(listeners);
  }

  private buildAgent(lookup?: Lookup): Agent {
    return createGuardedAgent({
      allowedHosts: this.ctx.config.postbackAllowedHosts,
      ownHosts: this.ownHosts,
      isOwnAddress: (address, port) => this.ownAddresses.has(address, port),
      connectTimeoutMs: this.ctx.config.POSTBACK_TIMEOUT_MS,
      dnsTimeoutMs: this.ctx.config.POSTBACK_TIMEOUT_MS,
      connections: this.ctx.config.POSTBACK_CONCURRENCY,
      ...(lookup ? { lookup } : {}),
    });
  }

  /** Replaces DNS resolution (tests answer with chosen addresses). */
  useLookup(lookup: Lookup): void {
    void this.agent.close().catch(() => {});
    this.ownAddresses = this.buildOwnAddresses(lookup);
    this.agent = this.buildAgent(lookup);
  }

  /**
   * Sends one request. The signing secret is read for every attempt (one primary-key lookup, made
   * on first use), never cached: a rotation signs the very next attempt, whichever process sends it.
   */
  async send(url: string, publisherId: number, eventKey: string, signal?: AbortSignal): Promise<SendOutcome> {
    const { secret } = await postbackSigning.ensure(this.ctx.db, publisherId);
    return sendPostback(this.agent, url, {
      eventKey,
      signingSecret: secret,
      timeoutMs: this.ctx.config.POSTBACK_TIMEOUT_MS,
      ownHosts: this.ownHosts,
      instanceId: this.ctx.instanceId,
      ...(signal ? { signal } : {}),
    });
  }

  async close(): Promise<void> {
    await this.agent.close().catch(() => {});
  }
}
