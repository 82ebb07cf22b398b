import type { IncidentAlertMessage } from '../../live/liveMessages.js';

/**
 * What one alert means to an admin's ears: a new incident, another SOS press or check on one
 * already open, and a re-alert (nobody acknowledged in time) each sound once; the same alert
 * delivered again (a reconnected socket, a second copy) does not, nor does an acknowledgement or
 * a resolution. `heard` is the page's memory of the alerts it already sounded.
 */
export function alertToSound(alert: IncidentAlertMessage, heard: Set<string>): boolean {
  const key = alertKey(alert);
  if (key === null || heard.has(key)) return false;
  heard.add(key);
  return true;
}

function alertKey(alert: IncidentAlertMessage): string | null {
  switch (alert.event) {
    case 'raised':
      return `${alert.incidentId}|raised`;
    case 're_alerted':
      return `${alert.incidentId}|re_alerted|${alert.alertCount ?? alert.at}`;
    case 'alert_added':
      return `${alert.incidentId}|alert_added|${alert.cause ?? ''}|${alert.at}`;
    default:
      return null;
  }
}

/** A short two-tone beep through Web Audio (no sound file to download); silent where audio is blocked. */
export function beep(): void {
  try {
    const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.setValueAtTime(880, context.currentTime);
    oscillator.frequency.setValueAtTime(660, context.currentTime + 0.2);
    gain.gain.setValueAtTime(0.08, context.currentTime);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.4);
    oscillator.onended = () => void context.close();
  } catch {
    // No audio: the banner and the announcement still say it.
  }
}
