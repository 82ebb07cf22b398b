import { useCallback, useEffect, useState } from 'react';

/** How long play rests on each step: long enough to read the banner change. */
export const PLAY_STEP_MS = 1_200;

export interface ReplayPlayer {
  index: number;
  playing: boolean;
  /** Goes to a step (clamped to the trail), pausing playback as any manual move does. */
  goTo(index: number): void;
  step(by: number): void;
  togglePlay(): void;
}

/**
 * Where the replay stands among `stepCount` steps (0 … stepCount − 1), and playback: one step
 * every PLAY_STEP_MS until the last, where it stops. Play from the last step starts over.
 */
export function useReplayPlayer(stepCount: number): ReplayPlayer {
  const last = Math.max(0, stepCount - 1);
  const [index, setIndex] = useState(last);
  const [playing, setPlaying] = useState(false);

  // A trail read again with more events keeps the position, within the new bounds.
  useEffect(() => setIndex((current) => Math.min(current, last)), [last]);

  useEffect(() => {
    if (!playing) return;
    if (index >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex((current) => Math.min(current + 1, last)), PLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, index, last]);

  const goTo = useCallback(
    (target: number) => {
      setPlaying(false);
      setIndex(Math.min(Math.max(0, Math.round(target)), last));
    },
    [last],
  );

  return {
    index,
    playing,
    goTo,
    step: (by) => goTo(index + by),
    togglePlay: () => {
      if (playing) return setPlaying(false);
      if (index >= last) setIndex(0);
      setPlaying(true);
    },
  };
}
