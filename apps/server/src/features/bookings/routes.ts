import type { App } from '../../types.ts';

/** Bookings as both sides see them (issue 7 creates them; issue 8 runs their lifecycle). */
export async function bookingRoutes(_app: App) {}
