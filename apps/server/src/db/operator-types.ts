import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { OperatorRole, OperatorStatus } from '@portal/shared/admin/operators.constants';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** The operator console's accounts and audit log (migration 0060). */
export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string | null;
  role: OperatorRole;
  status: Generated<OperatorStatus>;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled: Generated<boolean>;
  /** bigint in SQL; a 30-second step count fits a JavaScript number for millions of years. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  token_version: Generated<number>;
  created_at: CreatedAt;
  last_login_at: Timestamp | null;
}

export interface OperatorRecoveryCodesTable {
  id: Generated<number>;
  operator_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface OperatorPasswordTokensTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface OperatorRevokedSessionsTable {
  sid: string;
  operator_id: number;
  expires_at: Timestamp;
}

/** A JSON object as stored in before/after (jsonb): what the object looked like. */
export type AuditSnapshot = Record<string, unknown>;

export interface AuditLogTable {
  /** bigint identity, read as a number by both drivers (db/database.ts). */
  id: ColumnType<number, never, never>;
  at: CreatedAt;
  operator_id: number | null;
  actor: string;
  action: string;
  object_type: string;
  object_id: string | null;
  before: JSONColumnType<AuditSnapshot | null, string | null, string | null>;
  after: JSONColumnType<AuditSnapshot | null, string | null, string | null>;
  reason: string | null;
  address: string | null;
}

export interface OperatorTables {
  operators: OperatorsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_password_tokens: OperatorPasswordTokensTable;
  operator_revoked_sessions: OperatorRevokedSessionsTable;
  audit_log: AuditLogTable;
}
