/**
 * The clock of time-dependent rules (expiries, throttles, schedules): milliseconds since the epoch.
 * The composition root passes one clock to every module; tests pass a movable one.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
