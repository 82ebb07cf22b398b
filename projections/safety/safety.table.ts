import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { IncidentCause, IncidentOutcome } from '../../domain/incident/index.js';

type Json<T> = ColumnType<T, string, string>;

export type IncidentQueueStatus = 'raised' | 'acknowledged' | 'resolved';

/** One incident: the admins' queue (open first) and the dashboard's counter. */
export interface IncidentTable {
  incident_id: string;
  ride_id: string;
  number: number;
  status: IncidentQueueStatus;
  /** What raised it, then every cause added while it was open, in order. */
  causes: Json<IncidentCause[]>;
  alert_count: number;
  raised_at: Date;
  last_alerted_at: Date;
  acknowledged_by: string | null;
  acknowledged_at: Date | null;
  seconds_to_acknowledge: number | null;
  resolved_by: string | null;
  resolved_at: Date | null;
  outcome: IncidentOutcome | null;
  note: string | null;
}

/** A rider's trusted contacts, as the profile's safety section and the incident queue show them. */
export interface TrustedContactTable {
  contact_id: string;
  rider_id: string;
  name: string;
  relationship: string | null;
  phone: string;
  added_at: Date;
}

/** A ride's conversation, in order. */
export interface RideMessageTable {
  message_id: string;
  ride_id: string;
  /** Position in the conversation: 1, 2, 3, … */
  seq: number;
  sender: 'rider' | 'driver';
  sender_user_id: string;
  text: string;
  sent_at: Date;
}

/** How far each of the two has read. */
export interface RideMessageReadTable {
  ride_id: string;
  party: 'rider' | 'driver';
  read_up_to_seq: number;
}

/** Share links by the hash of their token: the public page finds its ride here. */
export interface ShareLinkTable {
  token_hash: string;
  ride_id: string;
  share_id: string;
  status: 'active' | 'revoked' | 'expired';
  started_at: Date;
}

export interface SafetyTables {
  rm_incidents: IncidentTable;
  rm_trusted_contacts: TrustedContactTable;
  rm_ride_messages: RideMessageTable;
  rm_ride_message_reads: RideMessageReadTable;
  rm_share_links: ShareLinkTable;
}

export type IncidentRow = Selectable<IncidentTable>;
export type InsertableIncidentRow = Insertable<IncidentTable>;
export type TrustedContactRow = Selectable<TrustedContactTable>;
export type RideMessageRow = Selectable<RideMessageTable>;
export type ShareLinkRow = Selectable<ShareLinkTable>;
