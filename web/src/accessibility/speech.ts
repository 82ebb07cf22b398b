import { SPEECH } from './settings.js';

export const canSpeak = (): boolean => typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;

/** Reads a message aloud in Zambian English, replacing whatever was being read. */
export function speak(message: string): void {
  if (!canSpeak()) return;
  const utterance = new SpeechSynthesisUtterance(message);
  utterance.lang = SPEECH.lang;
  utterance.rate = SPEECH.rate;
  utterance.pitch = SPEECH.pitch;
  utterance.volume = SPEECH.volume;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}
