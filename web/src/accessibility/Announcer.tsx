import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { ANNOUNCEMENT_MS } from './settings.js';

export interface AnnouncerHandle {
  say(message: string): void;
}

interface Announcement {
  id: number;
  text: string;
}

/**
 * A polite live region: each message is added for screen readers to read, then removed after
 * a second so that the region never holds stale text.
 */
export const Announcer = forwardRef<AnnouncerHandle>(function Announcer(_props, ref) {
  const [announcements, setAnnouncements] = useState<Announcement[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useImperativeHandle(ref, () => ({
    say(text) {
      const id = nextId.current++;
      setAnnouncements((current) => [...current, { id, text }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setAnnouncements((current) => current.filter((announcement) => announcement.id !== id));
      }, ANNOUNCEMENT_MS);
      timers.current.add(timer);
    },
  }));

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="false" data-testid="announcer">
      {announcements.map((announcement) => (
        <p key={announcement.id}>{announcement.text}</p>
      ))}
    </div>
  );
});
