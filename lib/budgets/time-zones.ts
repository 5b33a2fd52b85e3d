let names: string[] | null = null;

/** The time zones a workspace may choose: the IANA names this runtime knows, UTC first. */
export function timeZoneNames(): string[] {
  names ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((name) => name !== 'UTC')];
  return names;
}

/** Whether `name` is one of them (the database checks again against its own list). */
export function isTimeZone(name: string): boolean {
  return timeZoneNames().includes(name);
}
