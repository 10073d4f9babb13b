import type { AdminConversion, StatusOutcome } from '@portal/shared/admin/conversions.schemas';
import type { StatusActorKind } from '../../db/money-types.ts';
import type { ConversionStatus } from '../../db/tracking-types.ts';
import type { AdjustmentMade } from '../invoices/invoice-adjustments.service.ts';
import { isUuid, uuidv7Time } from '../tracking/uuid7.ts';
import type { ConversionRef } from './conversion-status.repository.ts';

/* What a status change is, who may make it and what it answers (docs/money.md, "Statuses"). */

/**
 * Who changes a status (docs/money.md): an operator (or the command line), the advertiser, a
 * reconciliation file, the end of a hold. `label` is what the history shows.
 */
export interface StatusActor {
  kind: Exclude<StatusActorKind, 'engine'>;
  label: string;
  operatorId: number | null;
  reconciliationId?: number | null;
}

/** What a status change may set a conversion to. */
export type TargetStatus = 'approved' | 'rejected' | 'reversed';

/** One conversion's outcome of a change. */
export interface StatusChangeResult {
  id: string;
  outcome: StatusOutcome;
  previous_status: ConversionStatus | null;
  status: ConversionStatus | null;
  message: string | null;
  /** The conversion before and after (known conversions). */
  before: AdminConversion | null;
  after: AdminConversion | null;
  /** How many postbacks were told of the change. */
  postbacks: number;
  /** The invoice adjustments it made (its month was invoiced: the publisher's, the referrer's). */
  adjustments: AdjustmentMade[];
}

export const FINAL_MESSAGE = 'A reversed conversion is final: its status cannot change.';
export const CHARGEBACK_OVER = 'The chargeback period of 60 days after payment is over.';

/**
 * Whether docs/money.md's table allows this move: null when it does, else why not. `unchanged` is
 * decided before (a conversion already in the status).
 */
export function refusedMove(from: ConversionStatus, to: TargetStatus, actor: StatusActor['kind']): string | null {
  if (from === 'reversed') return FINAL_MESSAGE;
  if (to === 'reversed') {
    if (actor !== 'operator' && actor !== 'cli') return 'Only the network may reverse a conversion.';
    return from === 'approved' ? null : 'Only an approved conversion can be reversed.';
  }
  if (actor === 'hold_expiry' && !(from === 'pending' && to === 'approved'))
    return "A hold's end only approves a pending conversion.";
  return null;
}

/** The ids a caller named, as conversion references; a malformed id is unknown. */
export function refsOf(ids: string[]): { refs: ConversionRef[]; malformed: string[] } {
  const refs: ConversionRef[] = [];
  const malformed: string[] = [];
  const seen = new Set<string>();
  for (const raw of ids) {
    const id = raw.trim().toLowerCase();
    if (seen.has(id)) continue;
    seen.add(id);
    if (isUuid(id)) refs.push({ id, at: uuidv7Time(id) });
    else malformed.push(raw);
  }
  return { refs, malformed };
}

/** Whether the conversion counts in the publisher's money in this status. */
export const countsInMoney = (s: ConversionStatus) => s === 'approved';

/**
 * A result for which nothing was written: an unknown, unchanged or refused conversion as it stands,
 * or (a dry run) the status it would take.
 */
export function resultWithoutWrites(
  id: string,
  outcome: StatusOutcome,
  conversion: { status: ConversionStatus; view: AdminConversion } | null,
  message: string | null,
  status: ConversionStatus | null = conversion?.status ?? null,
): StatusChangeResult {
  return {
    id,
    outcome,
    previous_status: conversion?.status ?? null,
    status,
    message,
    before: conversion?.view ?? null,
    after: conversion?.view ?? null,
    postbacks: 0,
    adjustments: [],
  };
}
