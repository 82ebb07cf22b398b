import { useEffect, useState } from 'react';

/** How long "Copied!" shows (spec 001 §9). */
export const COPIED_NOTICE_MS = 3_000;

/** Copies text to the clipboard; `copied` names what was copied last, for 3 seconds. */
export function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (what: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      setCopied(what);
    } catch {
      setFailed(true);
    }
  };
  return { copied, failed, copy };
}
