import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { Coordinate } from '../../domain/routeEncoding/route.js';

export type RouteEncodingStatus = 'pending' | 'verified' | 'needs_fix';

/** One row per route encoding, at its current revision. */
export interface RouteEncodingTable {
  encoding_id: string;
  author_id: string;
  start_address: string;
  end_address: string;
  street_names: ColumnType<string[], string, string>;
  street_count: number;
  coordinates: ColumnType<Coordinate[], string, string>;
  region: string;
  /** 1 for the submission, +1 per revision by the author. */
  revision: number;
  /** Votes on the current revision; "verifications n/4" is accurate_votes. */
  accurate_votes: number;
  needs_fix_votes: number;
  status: RouteEncodingStatus;
  created_at: Date;
  updated_at: Date;
  verified_at: Date | null;
  /** The encoding stream's revision this row has taken in (bigint, read back as a string). */
  last_revision: string;
}

/** Every vote cast, on whichever revision: who verified what (contributors' "verifications given"). */
export interface RouteEncodingVoteTable {
  encoding_id: string;
  revision: number;
  contributor_id: string;
  is_accurate: boolean;
  recorded_at: Date;
}

export type RouteEncodingRow = Selectable<RouteEncodingTable>;
export type InsertableRouteEncodingRow = Insertable<RouteEncodingTable>;
export type RouteEncodingVoteRow = Selectable<RouteEncodingVoteTable>;

export interface RouteEncodingsTables {
  rm_route_encodings: RouteEncodingTable;
  rm_route_encoding_votes: RouteEncodingVoteTable;
}
