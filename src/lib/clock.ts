/** Time comes from here so tests can move it instead of sleeping. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock that starts at real time and can be moved forward by tests. */
export class AdjustableClock implements Clock {
  private offsetMs = 0
  now(): Date {
    return new Date(Date.now() + this.offsetMs)
  }
  advance(ms: number): void {
    this.offsetMs += ms
  }
}

export const MINUTE = 60_000
export const DAY = 86_400_000
