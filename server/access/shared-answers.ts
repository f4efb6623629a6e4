/**
 * Answers shared for a short while by key: callers asking the same question within `forMs` of
 * each other get one answer, read once. A failed read is not kept.
 */
export function sharedAnswers<T>(forMs: number, now: () => number = Date.now) {
  const kept = new Map<string, { at: number; answer: Promise<T> }>();
  return {
    get(key: string, read: () => Promise<T>): Promise<T> {
      const at = now();
      const held = kept.get(key);
      if (held && at - held.at < forMs) return held.answer;
      // Old answers go as new questions come, so the map holds only recent keys.
      for (const [old, entry] of kept) if (at - entry.at >= forMs) kept.delete(old);
      const answer = read();
      kept.set(key, { at, answer });
      answer.catch(() => kept.delete(key));
      return answer;
    },
  };
}
