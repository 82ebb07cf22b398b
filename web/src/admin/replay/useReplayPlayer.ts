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
 * Until the admin moves, the replay stands at the last step: the ride as it stands now, however
 * late the trail arrives and however many events a later read adds. A chosen step is kept
 * within the trail's bounds.
 */
export function useReplayPlayer(stepCount: number): ReplayPlayer {
  const last = Math.max(0, stepCount - 1);
  const [chosen, setChosen] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const index = chosen === null ? last : Math.min(chosen, last);

  useEffect(() => {
    if (!playing) return;
    if (index >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setChosen(Math.min(index + 1, last)), PLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, index, last]);

  const goTo = useCallback(
    (target: number) => {
      setPlaying(false);
      setChosen(Math.min(Math.max(0, Math.round(target)), last));
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
      if (index >= last) setChosen(0);
      setPlaying(true);
    },
  };
}
