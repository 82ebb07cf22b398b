import { useInsightsTranslation } from '../insights/i18n/insightsNamespace.js';
import type { ReplayStep } from './replayModel.js';
import type { ReplayPlayer } from './useReplayPlayer.js';

/**
 * Step, play and scrub. Native buttons and a range input, so the keyboard works as everywhere
 * (Tab between them; arrows, Home and End on the slider); the slider speaks the step's event.
 * At either end the step buttons are aria-disabled rather than disabled: a button that stops
 * being focusable under the keyboard would drop the focus to the page.
 */
export function ReplayControls({ player, steps }: { player: ReplayPlayer; steps: readonly ReplayStep[] }) {
  const { t } = useInsightsTranslation();
  const last = steps.length - 1;
  const { index, playing } = player;
  const event = steps[index]?.event;
  const position = event
    ? t('replay.controls.positionWithEvent', { step: index, total: last, event: event.type })
    : `${t('replay.controls.position', { step: 0, total: last })} (${t('replay.controls.atStart')})`;
  return (
    <section className="card replay-controls" aria-labelledby="replay-controls-title">
      <h2 id="replay-controls-title">{t('replay.controls.title')}</h2>
      <div className="replay-controls__buttons">
        <button type="button" className="button button--secondary" onClick={() => player.goTo(0)} aria-disabled={index === 0} aria-label={t('replay.controls.first')}>
          <span aria-hidden="true">«</span>
        </button>
        <button type="button" className="button button--secondary" onClick={() => player.step(-1)} aria-disabled={index === 0} aria-label={t('replay.controls.back')}>
          <span aria-hidden="true">◀</span>
        </button>
        <button type="button" className="button button--primary replay-controls__play" onClick={player.togglePlay} disabled={last === 0}>
          {playing ? t('replay.controls.pause') : t('replay.controls.play')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => player.step(1)} aria-disabled={index === last} aria-label={t('replay.controls.forward')}>
          <span aria-hidden="true">▶</span>
        </button>
        <button type="button" className="button button--secondary" onClick={() => player.goTo(last)} aria-disabled={index === last} aria-label={t('replay.controls.last')}>
          <span aria-hidden="true">»</span>
        </button>
      </div>
      <label className="replay-controls__slider">
        <span className="visually-hidden">{t('replay.controls.slider')}</span>
        <input
          type="range"
          min={0}
          max={last}
          step={1}
          value={index}
          aria-valuetext={position}
          onChange={(change) => player.goTo(Number(change.target.value))}
          data-testid="replay-slider"
        />
      </label>
      <p className="replay-controls__position" data-testid="replay-position">
        {position}
      </p>
    </section>
  );
}
