import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { invalidationsFor, liveSocketUrl, reconnectDelayMs, withDriverLocation, withIncidentPosition } from './liveEffects.js';
import { parseLiveMessage, type LiveMessage } from './liveMessages.js';
import { readPosition } from '../api/readPosition.js';
import { liveQueryKeys } from './liveQueryKeys.js';

export interface LiveUpdatesOptions {
  /** The signed-in user; no socket is opened without one. */
  userId: string | null | undefined;
  /** The ride on screen (tracking, active trip): its watchers hear its updates and the driver's position. */
  rideId?: string | null;
  /** Called for every message after the cache has been updated (toasts, navigation). */
  onMessage?: (message: LiveMessage) => void;
  /** Off switch (e.g. a screen that does not need the line yet). */
  enabled?: boolean;
}

export interface LiveUpdatesState {
  /** The socket is open and joined; when false, screens fall back to polling. */
  connected: boolean;
}

const PING_EVERY_MS = 25_000;

/**
 * The live channel (spec 001 §4): one socket to /ws while the screen is open. It joins as the
 * user (and the ride, when given), pings so a dead line is noticed, reconnects with backoff, and
 * turns each message into TanStack Query invalidations (or a cache patch for driver positions), so
 * screens simply read their queries. Closed with 4401/4403 it does not retry: the session is gone.
 */
export function useLiveUpdates({ userId, rideId = null, onMessage, enabled = true }: LiveUpdatesOptions): LiveUpdatesState {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;
  // The ride to follow changes without a new socket (a reconnect could lose messages): the open
  // socket joins again with it, and every (re)connection joins with the latest one.
  const rideIdRef = useRef(rideId);
  rideIdRef.current = rideId;
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    if (!enabled || !userId || typeof WebSocket === 'undefined') return;
    let attempt = 0;
    let stopped = false;
    let droppedBefore = false;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;

    const handle = (message: LiveMessage) => {
      // The refetches this message causes then read at least what it says.
      if ('position' in message) readPosition.remember(message.position);
      if (message.type === 'joined') {
        attempt = 0;
        setConnected(true);
        // What happened while the line was down is unknown: everything the screens show is read again.
        if (droppedBefore) void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/') });
        droppedBefore = false;
      } else if (message.type === 'location_update') {
        queryClient.setQueryData(liveQueryKeys.ride(message.rideId), (ride: Parameters<typeof withDriverLocation>[0]) => withDriverLocation(ride, message));
        // An admin handling an incident on the ride: the queue's position follows the car.
        queryClient.setQueriesData({ queryKey: liveQueryKeys.adminIncidents() }, (list: Parameters<typeof withIncidentPosition>[0]) => withIncidentPosition(list, message));
      }
      for (const queryKey of invalidationsFor(message)) void queryClient.invalidateQueries({ queryKey });
      onMessageRef.current?.(message);
    };

    const connect = () => {
      if (stopped) return;
      const current = new WebSocket(liveSocketUrl(window.location));
      socketRef.current = current;
      current.onopen = () => {
        current.send(joinMessage(userId, rideIdRef.current));
        pingTimer = setInterval(() => {
          if (current.readyState === WebSocket.OPEN) current.send(JSON.stringify({ type: 'ping' }));
        }, PING_EVERY_MS);
      };
      current.onmessage = (event) => {
        const message = parseLiveMessage(event.data);
        if (message) handle(message);
      };
      current.onclose = (event) => {
        clearInterval(pingTimer);
        setConnected(false);
        if (stopped || event.code === 4401 || event.code === 4403) return;
        droppedBefore = true;
        reconnectTimer = setTimeout(() => {
          attempt += 1;
          connect();
        }, reconnectDelayMs(attempt));
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      clearInterval(pingTimer);
      setConnected(false);
      socketRef.current?.close(1000, 'page closed');
      socketRef.current = null;
    };
  }, [enabled, userId, queryClient]);

  useEffect(() => {
    const socket = socketRef.current;
    if (userId && socket?.readyState === WebSocket.OPEN) socket.send(joinMessage(userId, rideId));
  }, [userId, rideId]);

  return { connected };
}

const joinMessage = (userId: string, rideId: string | null | undefined) => JSON.stringify({ type: 'join', userId, ...(rideId ? { rideId } : {}) });
