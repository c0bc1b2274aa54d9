// Pure maths of route playback: where a person was at a moment, from timed positions (linear between two fixes).

export type TimedPosition = { latitude: number; longitude: number; at: number };

/** The position at time `at` (epoch ms): before the first fix the first, after the last the last. */
export function positionAt(track: readonly TimedPosition[], at: number): TimedPosition | null {
  if (track.length === 0) return null;
  const first = track[0]!;
  const last = track[track.length - 1]!;
  if (at <= first.at) return first;
  if (at >= last.at) return last;
  // binary search for the last fix at or before `at`
  let low = 0;
  let high = track.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (track[middle]!.at <= at) low = middle;
    else high = middle;
  }
  const a = track[low]!;
  const b = track[high]!;
  const share = b.at === a.at ? 0 : (at - a.at) / (b.at - a.at);
  return {
    latitude: a.latitude + (b.latitude - a.latitude) * share,
    longitude: a.longitude + (b.longitude - a.longitude) * share,
    at,
  };
}

/** The fixes up to time `at` (the part of the route already travelled), ending at the interpolated position. */
export function travelledUntil(track: readonly TimedPosition[], at: number): TimedPosition[] {
  const out = track.filter((fix) => fix.at <= at);
  const now = positionAt(track, at);
  if (now && (out.length === 0 || out[out.length - 1]!.at < at)) out.push(now);
  return out;
}

export const PLAYBACK_SPEEDS = [1, 5, 20, 60] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];
