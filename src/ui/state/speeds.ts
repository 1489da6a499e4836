/** The play speeds the transport offers, in steps per second; 0 means as fast as the machine goes. */
export const SPEEDS = [1, 2, 4, 10, 30, 0] as const;
